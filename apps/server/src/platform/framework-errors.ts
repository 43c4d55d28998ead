import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@zc/shared/errors';

/**
 * Errors Fastify's router raises before any route or error handler runs (a path that does not
 * percent-decode, a path parameter over the length limit): answered in the one error shape instead
 * of Fastify's default body, which echoes the URL back and has no requestId.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // No route context yet, so the app's onSend hook that adds it does not run.
  void reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(400).send({
      error: {
        code: 'VALIDATION_FAILED',
        message: ERROR_CODES.VALIDATION_FAILED.message,
        details: { fields: [{ path: 'params', code: error.code === 'FST_ERR_BAD_URL' ? 'invalid_format' : 'too_big', message: 'invalid path parameter' }] },
        requestId: request.id,
      },
    });
    return;
  }
  request.log.error({ err: error }, 'router error');
  void reply.status(500).send({ error: { code: 'INTERNAL', message: ERROR_CODES.INTERNAL.message, requestId: request.id } });
}
