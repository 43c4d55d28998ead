import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, preValidationHookHandler } from 'fastify';
import { UNSAFE_TEXT_MESSAGES, isSafeText, unsafeTextCode } from '@zc/shared/api/common';
import type { FieldIssue } from '@zc/shared/errors';
import { AppError } from './errors';

/** Enough to fix a form; a body with thousands of bad strings is not worth listing in full. */
const MAX_ISSUES = 20;

/** A key or segment printed in a path: the bad characters themselves would not survive a log or a form. */
function printable(segment: string): string {
  // eslint-disable-next-line no-control-regex -- NUL is exactly what the rule refuses
  return segment.replace(/[\u0000\p{Cs}]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Every string in `value` that the database cannot store — object keys included — as field issues
 * with dotted paths under `root` (`body.templateData.name`, `querystring.email`). Iterative, so a
 * deeply nested body cannot exhaust the stack.
 */
export function unsafeTextIssues(value: unknown, root: string): FieldIssue[] {
  // Almost every request is clean: a walk that builds no paths answers it (it runs on every send).
  if (!holdsUnsafeText(value)) return [];
  const issues: FieldIssue[] = [];
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0 && issues.length < MAX_ISSUES) {
    const [v, path] = stack.pop() as [unknown, string]; // length checked by the loop condition
    if (typeof v === 'string') {
      const code = unsafeTextCode(v);
      if (code) issues.push({ path, code, message: UNSAFE_TEXT_MESSAGES[code] });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i -= 1) stack.push([v[i], `${path}.${i}`]);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v).reverse()) {
        const childPath = `${path}.${printable(k)}`;
        const keyCode = unsafeTextCode(k);
        if (keyCode) issues.push({ path: childPath, code: keyCode, message: `field name ${UNSAFE_TEXT_MESSAGES[keyCode]}` });
        stack.push([child, childPath]);
      }
    }
  }
  return issues.slice(0, MAX_ISSUES);
}

/** Whether any string or key in `value` is refused; no allocation besides the walk's own stack. */
function holdsUnsafeText(value: unknown): boolean {
  if (typeof value === 'string') return !isSafeText(value);
  if (value === null || typeof value !== 'object') return false;
  const stack: object[] = [value];
  while (stack.length > 0) {
    const v = stack.pop() as Record<string, unknown>; // only objects and arrays are pushed
    for (const k in v) {
      if (!Object.hasOwn(v, k)) continue;
      if (!Array.isArray(v) && !isSafeText(k)) return true;
      const child = v[k];
      if (typeof child === 'string') {
        if (!isSafeText(child)) return true;
      } else if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
  return false;
}

/** The 400 VALIDATION_FAILED answer naming each field (the shape of schema violations). */
export function unsafeTextError(issues: FieldIssue[]): AppError {
  return new AppError('VALIDATION_FAILED', undefined, { fields: issues });
}

/** Throws the 400 when `value` holds text the database cannot store. */
export function assertSafeInput(value: unknown, root: string): void {
  const issues = unsafeTextIssues(value, root);
  if (issues.length > 0) throw unsafeTextError(issues);
}

/** One multipart text field (name and value) as read by platform/files: refused like a JSON field. */
export function safeFormField(name: string, value: string): string {
  assertSafeInput({ [name]: value }, 'body');
  return value;
}

/** The request parts a route can read, with the names the schema errors use. */
function requestIssues(request: FastifyRequest): FieldIssue[] {
  return [
    ...unsafeTextIssues(request.params, 'params'),
    ...unsafeTextIssues(request.query, 'querystring'),
    // Node's HTTP parser already refuses NUL in headers and decodes them as Latin-1 (no surrogates);
    // checked anyway for requests that arrive another way (inject, a future transport).
    ...unsafeTextIssues(request.headers, 'headers'),
    ...unsafeTextIssues(request.body, 'body'),
  ];
}

const inputSafetyHook: preValidationHookHandler = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
  const issues = requestIssues(request);
  if (issues.length === 0) {
    done();
    return;
  }
  done(unsafeTextError(issues.slice(0, MAX_ISSUES)));
};

/**
 * One rule for every /api route, present and future (ADR 0006): every string of the params, query,
 * headers and parsed body — keys included — is refused with 400 VALIDATION_FAILED and its path when
 * the database cannot store it. The check is appended to each route's own preValidation hooks, so it
 * runs after a route's authentication (the public send API answers 401 to a bad key whatever the
 * body) and before its schema, whether or not the route declares one. Multipart text fields are
 * read by the handler, not here: platform/files checks them with `safeFormField`.
 */
export function registerInputSafety(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const own = route.preValidation;
    route.preValidation = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), inputSafetyHook];
  });
}
