import type { z } from 'zod';
import type { previewFallbackBody, updateFallbackBody } from '@zc/shared/api/fallback';

/** Every fallback query lives under this key (the save updates it). */
export const FALLBACK_KEY = ['fallback'] as const;

/** The form's values: what `PUT merchant/fallback` takes. */
export type FallbackInput = z.input<typeof updateFallbackBody>;

/** What `POST merchant/fallback/preview` takes: the (unsaved) template and sample values. */
export type PreviewInput = z.input<typeof previewFallbackBody>;
