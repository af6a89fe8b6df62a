import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addPreferenceBodySchema,
  dataEnvelope,
  preferencePaths,
  preferenceQuerySchema,
  updatePreferenceBodySchema,
  userPreferenceSchema,
  rowIdSchema,
} from '@agora/contract';
import { requireAuth, type AuthPreHandler } from '../../platform/auth/authenticate.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import type { PreferencesService } from './preferences.service.ts';

export function registerPreferenceRoutes(
  app: FastifyInstance,
  deps: { preferences: PreferencesService; authenticate: AuthPreHandler },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['preferences'];
  const security = [{ bearer: [] }];

  r.get(
    preferencePaths.list,
    {
      preHandler: deps.authenticate,
      schema: {
        tags,
        security,
        summary: "The signed-in account's console preferences",
        querystring: preferenceQuerySchema,
        response: { 200: dataEnvelope(z.array(userPreferenceSchema)), ...errorResponses(401) },
      },
    },
    async (request) => ({
      data: await deps.preferences.list(requireAuth(request).accountId, request.query.key),
    }),
  );

  r.post(
    preferencePaths.list,
    {
      preHandler: deps.authenticate,
      schema: {
        tags,
        security,
        summary: 'Add a preference (updates it when the key exists)',
        body: addPreferenceBodySchema,
        response: {
          200: dataEnvelope(userPreferenceSchema),
          201: dataEnvelope(userPreferenceSchema),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request, reply) => {
      const { preference, created } = await deps.preferences.add(
        requireAuth(request).accountId,
        request.body.key,
        request.body.value,
      );
      return reply.code(created ? 201 : 200).send({ data: preference });
    },
  );

  r.patch(
    preferencePaths.one,
    {
      preHandler: deps.authenticate,
      schema: {
        tags,
        security,
        summary: 'Change the value of a preference',
        params: z.object({ id: rowIdSchema }),
        body: updatePreferenceBodySchema,
        response: { 200: dataEnvelope(userPreferenceSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      data: await deps.preferences.update(
        requireAuth(request).accountId,
        request.params.id,
        request.body.value,
      ),
    }),
  );
}
