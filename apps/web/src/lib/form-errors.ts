import type { FormInstance } from 'antd/es/form';
import { ApiError } from './api-client';
import { getI18n } from 'react-i18next';

/**
 * The text of one field issue in the current language: the issue's stable code through
 * errors.json `fields.<code>`; a code the web has no text for yet shows the server message.
 */
export function fieldIssueText(issue: { code: string; message: string }): string {
  const i18n = getI18n();
  const key = `errors:fields.${issue.code}`;
  return i18n?.exists(key) ? i18n.t(key) : issue.message;
}

/**
 * Puts the server's `details.fields` onto the matching antd Form fields. Returns true when at
 * least one field took a message (the caller then skips the generic toast).
 */
export function applyFieldErrors(form: FormInstance, error: unknown, known: readonly string[]): boolean {
  if (!(error instanceof ApiError) || error.fields.length === 0) return false;
  const fields = error.fields
    .filter((f) => known.includes(f.path.split('.')[0] ?? ''))
    .map((f) => ({ name: f.path.split('.'), errors: [fieldIssueText(f)] }));
  if (fields.length === 0) return false;
  form.setFields(fields);
  return true;
}
