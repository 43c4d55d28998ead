import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { registerReference } from './reference';

/**
 * The OpenAPI document (`/api/docs/json`) and its reference page (`/api/docs`), issue 17. The document
 * is generated from the routes' zod schemas; everything a route does not say for itself (shared error
 * responses, servers, webhooks) is completed here, in one place.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Zalo Console API', version: '0.1.0', description: 'Admin console and messaging gateway for Zalo OA, ZNS and Mini Apps.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await registerReference(app, config);
}
