import type { FallbackMessageKind } from '@zc/shared/api/fallback';

/** Every fallback query lives under this key (the save updates it). */
export const FALLBACK_KEY = ['fallback'] as const;

/** The form's values: what `PUT tenant/fallback` takes. */
export interface FallbackInput {
  enabled: boolean;
  triggerCodes: number[];
  messageKind: FallbackMessageKind;
  header: string;
  content: string;
}
