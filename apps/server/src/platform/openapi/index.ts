import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { RouteAccess } from '../context';
import { completeDocument, operationKey } from './complete';
import type { RouteFacts } from './errors';
import { registerReference } from './reference';
import { decorateForReference } from './reference-content';

/**
 * The OpenAPI document (`/api/docs/json`, OpenAPI 3.1) and its reference page (`/api/docs`), issue 17.
 * The document is generated from the routes' zod schemas (operationId, summary and tags are declared
 * by each route); everything a route does not say for itself — error responses derived from its
 * access, servers from PUBLIC_URL, rate-limit headers, examples, the webhooks we deliver — is
 * completed here, in one place (complete.ts).
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  // What each route declared about its access, recorded while @fastify/swagger walks the routes.
  const facts = new Map<string, RouteFacts>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Zalo Console API',
        version: '1.0.0',
        license: { name: 'Proprietary (UNLICENSED)', identifier: 'LicenseRef-Proprietary' },
        description:
          'Admin console and messaging gateway for Zalo OA, ZNS and Mini Apps. The public API (`/api/v1`, API key in `x-api-key`) sends ZNS and OA messages; its status changes reach your endpoints as webhooks. Every other operation is the console\'s own API (bearer access token and the `x-merchant-id` / `x-tenant-id` context headers). Errors answer `{ error: { code, message, details?, requestId } }` with a stable `code`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const { route, url } = input;
      const access = (route.config as { access?: RouteAccess } | undefined)?.access;
      const rateLimited = Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
      const path = url.replace(/:(\w+)/g, '{$1}');
      for (const method of [route.method].flat()) facts.set(operationKey(method, path), { access, rateLimited });
      return jsonSchemaTransform(input);
    },
    transformObject: (input) => {
      if (!('openapiObject' in input)) throw new Error('OpenAPI 2.0 is not supported');
      const doc = completeDocument(input.openapiObject as Record<string, unknown>, facts, { publicUrl: config.publicUrl });
      return decorateForReference(doc);
    },
  });
  await registerReference(app, config);
}
