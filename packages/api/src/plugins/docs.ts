import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI description, generated from the contracts schemas each route declares, at
 * `<base>/docs/json`, with a browsable page at `<base>/docs`.
 */
export const docsPlugin = fp<{ basePath: string }>(async (app, { basePath }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Estante API',
        description:
          'Library catalogue and patron portal. Calls take an `Authorization: Bearer` token from `POST /oauth/token` (client_credentials for public calls) and the language code in the `x-idioma` header (1 pt, 3 es, 5 en).',
        version: '0.1.0',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: `${basePath}/docs` });
});
