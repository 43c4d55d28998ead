import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorCode, type FieldIssue } from '@zc/shared/errors';

/** An expected failure with a stable code; its message is shown to the user. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  constructor(code: ErrorCode, message?: string, details?: Record<string, unknown>) {
    super(message ?? ERROR_CODES[code].message);
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.details = details;
  }
}

/** 400 naming one field, for rules a schema cannot express. */
export function fieldError(path: string, message: string, code = 'invalid'): AppError {
  return new AppError('VALIDATION_FAILED', message, { fields: [{ path, code, message }] });
}

export const notFound = (): AppError => new AppError('NOT_FOUND');

const fastifyCodeMap: Record<string, ErrorCode> = {
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

/**
 * Unique constraints with a more precise answer than CONFLICT (and the field at fault). The
 * constraint name only picks the code; it never reaches the client.
 */
const UNIQUE_CONFLICTS: Record<string, { code: ErrorCode; field?: string }> = {
  users_email_key: { code: 'EMAIL_TAKEN', field: 'email' },
  merchant_members_merchant_id_user_id_pk: { code: 'ALREADY_MEMBER' },
  tenant_members_tenant_id_user_id_pk: { code: 'ALREADY_MEMBER' },
  zalo_oas_zoa_key: { code: 'OA_ALREADY_CONNECTED' },
};

/**
 * The PostgreSQL error inside `error`, thrown by the driver itself or wrapped by Drizzle
 * (DrizzleQueryError keeps the driver error as `cause`), when it has SQLSTATE `code`; null otherwise.
 */
function pgErrorOf(error: unknown, code: string): { constraint?: unknown; message?: unknown } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === code) return candidate;
    current = candidate.cause;
  }
  return null;
}

/** A PostgreSQL unique violation (SQLSTATE 23505); null for anything else. */
export function uniqueConflict(error: unknown): { constraint: string | null } | null {
  const pg = pgErrorOf(error, '23505');
  return pg ? { constraint: typeof pg.constraint === 'string' ? pg.constraint : null } : null;
}

/** The reason given when the statement was ended by `zc_abort(reason)` (migration 0049; nothing it wrote stays), else null. */
export function zcAborted(error: unknown): string | null {
  const pg = pgErrorOf(error, 'P0001');
  return pg !== null && typeof pg.message === 'string' && pg.message.startsWith('zc_abort:') ? pg.message.slice('zc_abort:'.length) : null;
}

/** The one error handler: stable codes, field details, 5xx text never leaks. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const requestId = request.id;
    if (error instanceof AppError) {
      if (error.code === 'OTP_TOO_SOON' || error.code === 'OTP_MAX_ATTEMPTS' || error.code === 'RATE_LIMITED' || error.code === 'TOO_MANY_ATTEMPTS') {
        const retry = error.details?.retryAfterSeconds;
        if (typeof retry === 'number') void reply.header('retry-after', String(retry));
      }
      return reply.status(error.status).send({ error: { code: error.code, message: error.message, details: error.details, requestId } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldIssue[] = error.validation.map((v) => {
        const base = v.instancePath.split('/').filter(Boolean);
        const keys = v.keyword === 'unrecognized_keys' ? ((v.params as { keys?: string[] }).keys ?? []) : [];
        const path = [error.validationContext, ...base, ...(keys.length ? [keys.join(',')] : [])].filter(Boolean).join('.');
        return { path, code: v.keyword, message: v.message ?? 'invalid' };
      });
      return reply.status(400).send({ error: { code: 'VALIDATION_FAILED', message: ERROR_CODES.VALIDATION_FAILED.message, details: { fields }, requestId } });
    }
    const conflict = uniqueConflict(error);
    if (conflict) {
      // Two writers raced past a service's own check; the loser gets the same 409 as a sequential caller.
      request.log.info({ constraint: conflict.constraint }, 'unique violation answered 409');
      const { code, field } = conflict.constraint ? (UNIQUE_CONFLICTS[conflict.constraint] ?? { code: 'CONFLICT' as const }) : { code: 'CONFLICT' as const };
      const message = ERROR_CODES[code].message;
      const details = field ? { fields: [{ path: field, code: 'taken', message }] } : undefined;
      return reply.status(409).send({ error: { code, message, details, requestId } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ error: { code: 'INTERNAL', message: ERROR_CODES.INTERNAL.message, requestId } });
    }
    const fastifyCode = 'code' in error && typeof error.code === 'string' ? fastifyCodeMap[error.code] : undefined;
    const statusCode = 'statusCode' in error ? error.statusCode : undefined;
    if (fastifyCode) {
      const status = ERROR_CODES[fastifyCode].status;
      return reply.status(status).send({ error: { code: fastifyCode, message: error.message, requestId } });
    }
    if (statusCode === 429) {
      return reply.status(429).send({ error: { code: 'RATE_LIMITED', message: ERROR_CODES.RATE_LIMITED.message, requestId } });
    }
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      return reply.status(400).send({ error: { code: 'VALIDATION_FAILED', message: error.message, requestId } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: ERROR_CODES.INTERNAL.message, requestId } });
  });

}

/**
 * One not-found handler: with a built SPA, unknown non-API GETs that accept HTML get index.html
 * (client routes deep-link); everything else answers the stable NOT_FOUND error.
 */
export function registerNotFound(app: FastifyInstance, options: { spa: boolean }): void {
  app.setNotFoundHandler((request, reply) => {
    if (options.spa && request.method === 'GET' && !request.url.startsWith('/api') && request.headers.accept?.includes('text/html')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: ERROR_CODES.NOT_FOUND.message, requestId: request.id } });
  });
}
