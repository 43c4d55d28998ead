import type { FormInstance } from 'antd/es/form';
import { ApiError } from './api-client';

/**
 * Puts the server's `details.fields` onto the matching antd Form fields. Returns true when at
 * least one field took a message (the caller then skips the generic toast).
 */
export function applyFieldErrors(form: FormInstance, error: unknown, known: readonly string[]): boolean {
  if (!(error instanceof ApiError) || error.fields.length === 0) return false;
  const fields = error.fields
    .filter((f) => known.includes(f.path.split('.')[0] ?? ''))
    .map((f) => ({ name: f.path.split('.'), errors: [f.message] }));
  if (fields.length === 0) return false;
  form.setFields(fields);
  return true;
}
