import type { FastifyInstance } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from '../../config';

/** The reference page at `/api/docs` (its JSON at `/api/docs/json`). */
export async function registerReference(app: FastifyInstance, _config: Config): Promise<void> {
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
