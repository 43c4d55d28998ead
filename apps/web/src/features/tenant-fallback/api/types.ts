import type { FallbackMessageKind } from '@zc/shared/api/fallback';

/** Every fallback query lives under this key (the save updates it). */
export const FALLBACK_KEY = ['fallback'] as const;

/** The form's values: what `PUT merchant/fallback` takes. */
export interface FallbackInput {
  enabled: boolean;
  triggerCodes: number[];
  messageKind: FallbackMessageKind;
  header: string;
  content: string;
}
