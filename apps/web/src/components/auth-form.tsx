import { useRef, useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import { DisabledContextProvider } from 'antd/es/config-provider/DisabledContext';
import { useToken } from 'antd/es/theme/internal';
import { ApiError } from '../lib/api-client';
import { fieldIssueText } from '../lib/form-errors';
import { loadSignedInResources } from '../lib/signed-in-resources';

/**
 * Form state for the public pages (login, register, forgot/reset password) without antd Form:
 * antd Form brings rc-field-form, the grid and Tooltip (~60 KB gzip) into the login route's first
 * load. Behaviour follows what those pages had with antd Form: a field is validated on every change
 * and all fields on submit, a field's dependants are re-validated once they have been validated,
 * server `details.fields` errors go under their fields until the field is edited, and Enter in any
 * field submits (a native form).
 */

/** Returns the error text, or undefined when the value passes. */
export type Rule<V> = (value: string, values: V) => string | undefined;

export interface AuthFormOptions<V extends Record<string, string>> {
  initial: V;
  rules: { [K in keyof V]?: Array<Rule<V> | false> };
  /** `confirm: ['password']`: confirm is re-validated when password changes (antd `dependencies`). */
  dependencies?: { [K in keyof V]?: Array<keyof V> };
}

export type FieldErrors<V> = { [K in keyof V]?: string };

export interface AuthForm<V extends Record<string, string>> {
  values: V;
  errors: FieldErrors<V>;
  /** Props for an antd Input bound to `name` (id = name, as antd Form did). */
  input: (name: keyof V & string) => {
    id: string;
    name: string;
    value: string;
    onChange: (event: { target: { value: string } }) => void;
    status?: 'error';
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  };
  /** `onSubmit` of the <form>: validates every field and calls `onValid` when all pass. */
  handleSubmit: (onValid: (values: V) => unknown) => (event: FormEvent) => void;
  /** Puts server field errors (ApiError `details.fields`) under known fields; true when one matched. */
  applyServerErrors: (error: unknown) => boolean;
}

export const required =
  <V,>(message: string): Rule<V> =>
  (value) =>
    value === '' ? message : undefined;

/** Non-empty after trimming. */
export const requiredTrimmed =
  <V,>(message: string): Rule<V> =>
  (value) =>
    value.trim() ? undefined : message;

export const minLength =
  <V,>(min: number, message: string): Rule<V> =>
  (value) =>
    value !== '' && value.length < min ? message : undefined;

// The e-mail pattern of async-validator (what antd Form's `type: 'email'` rule used).
const EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+\.)+[a-zA-Z\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}))$/;

export const email =
  <V,>(message: string): Rule<V> =>
  (value) =>
    value !== '' && !EMAIL.test(value) ? message : undefined;

export function useAuthForm<V extends Record<string, string>>(options: AuthFormOptions<V>): AuthForm<V> {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  // Fields validated at least once (antd re-validates dependants only then).
  const validated = useRef(new Set<keyof V>());
  // Rules carry translated texts: always use the latest render's.
  const latest = useRef(options);
  latest.current = options;

  const check = (name: keyof V, all: V): string | undefined => {
    for (const rule of latest.current.rules[name] ?? []) {
      const message = rule ? rule(all[name] ?? '', all) : undefined;
      if (message) return message;
    }
    return undefined;
  };

  const change = (name: keyof V, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    validated.current.add(name);
    const update: FieldErrors<V> = { [name]: check(name, next) } as FieldErrors<V>;
    for (const [field, deps] of Object.entries(latest.current.dependencies ?? {}) as Array<[keyof V, Array<keyof V>]>) {
      if (deps.includes(name) && validated.current.has(field)) update[field] = check(field, next);
    }
    setErrors((current) => ({ ...current, ...update }));
  };

  return {
    values,
    errors,
    input: (name) => {
      const error = errors[name];
      return {
        id: name,
        name,
        value: values[name] ?? '',
        onChange: (event) => change(name, event.target.value),
        ...(error ? { status: 'error' as const, 'aria-invalid': true as const, 'aria-describedby': `${name}_help` } : {}),
      };
    },
    handleSubmit: (onValid) => (event) => {
      event.preventDefault();
      const next: FieldErrors<V> = {};
      let ok = true;
      for (const name of Object.keys(values) as Array<keyof V>) {
        validated.current.add(name);
        const message = check(name, values);
        next[name] = message;
        if (message) ok = false;
      }
      setErrors(next);
      if (ok) void onValid(values);
    },
    applyServerErrors: (error) => {
      if (!(error instanceof ApiError)) return false;
      const next: FieldErrors<V> = {};
      let matched = false;
      for (const issue of error.fields) {
        const name = issue.path.split('.')[0] ?? '';
        if (name in values) {
          next[name as keyof V] = fieldIssueText(issue);
          matched = true;
        }
      }
      if (matched) setErrors((current) => ({ ...current, ...next }));
      return matched;
    },
  };
}

/**
 * `<form>` of the public pages: native submit (Enter in a field, the submit button), no browser
 * validation bubbles (the rules above speak for themselves), every antd control inside disabled
 * while `disabled` (what antd Form's `disabled` did).
 */
export function AuthFormRoot({ onSubmit, disabled, children }: { onSubmit: (event: FormEvent) => void; disabled: boolean; children: ReactNode }) {
  return (
    <form noValidate onSubmit={onSubmit} autoComplete="on">
      <DisabledContextProvider disabled={disabled}>{children}</DisabledContextProvider>
    </form>
  );
}

/** A vertical form item (label above, error below) styled like antd Form's. */
export function AuthField({ name, label, error, children }: { name: string; label: ReactNode; error?: string; children: ReactElement }) {
  const [, token] = useToken();
  return (
    <div style={{ marginBottom: error ? 0 : token.marginLG }}>
      <div style={{ paddingBottom: token.paddingXS, lineHeight: token.lineHeight }}>
        <label htmlFor={name} style={{ color: token.colorText, fontSize: token.fontSize }}>
          {label}
        </label>
      </div>
      {children}
      {error ? (
        <div id={`${name}_help`} role="alert" style={{ color: token.colorError, fontSize: token.fontSize, lineHeight: token.lineHeight, minHeight: token.marginLG }}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Where to go after sign-in, once the signed-in pages' texts and locales are there too (fetched in
 * parallel; a failed fetch does not hold the user back, i18next retries).
 */
export async function signedInDestination(destination: Promise<string>): Promise<string> {
  const [to] = await Promise.all([destination, loadSignedInResources().catch(() => undefined)]);
  return to;
}
