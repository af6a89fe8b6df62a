import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { withEveryPathParameter } from './path-parameters.ts';

/** OpenAPI generated from the zod schemas of every route; the UI lives at /docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Agora API',
        description: 'Hub, OAuth and community (stack) admin API of Agora.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: withEveryPathParameter(jsonSchemaTransform),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
}
