import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  areaAllows,
  PREFERENCE_AREAS,
  preferenceArea,
  preferenceDefinition,
  type ConsoleArea,
  dataEnvelope,
  dynamicPreferencePaths as paths,
  dynamicPreferenceSchema,
  getPreferenceListQuerySchema,
  getPreferenceQuerySchema,
  jwtSecretSchema,
  updateDynamicPreferenceBodySchema,
  updateMultiBodySchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { requireAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { createDynamicPreferencesService } from './dynamic-preferences.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['dynamic preferences'];
const security = [{ bearer: [] }];
/** Writes admit every area that owns a preference; the service checks each preference's own area. */
const writeConfig = areaAccess(...(PREFERENCE_AREAS as [ConsoleArea, ...ConsoleArea[]]));

/**
 * A console caller changes only the preferences of the areas their role has (spec mgmt §6, the
 * contract's AREA_ROLES through preferenceArea): an editor the theme, not the integrations' keys.
 */
function checkAreas(request: FastifyRequest, keys: string[]): void {
  const role = requireStaff(request).role;
  const refused = keys.some((key) => {
    const definition = preferenceDefinition(key.trim());
    // A read-only one (the plan) has no area: its validation refuses it (400) for everyone.
    const area = definition ? preferenceArea(definition) : null;
    return area !== null && !areaAllows(area, role);
  });
  if (refused) throw AppError.forbidden();
}

/** Stack-scoped calls of spec core §7 "Dynamic preference" and "JWT". */
export function registerDynamicPreferenceRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createDynamicPreferencesService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();

  /** The audit log's "before" of a write (shown as before → after): the values it is about to replace. */
  async function recordBefore(request: FastifyRequest, stackId: number, keys: string[]): Promise<void> {
    const known = keys.filter((key) => preferenceDefinition(key.trim()));
    const current = await service.list(stackId, known);
    request.auditDetails = { before: Object.fromEntries(current.map((p) => [p.name, p.value])) };
  }

  r.get(
    paths.get,
    {
      config: areaAccess('console'),
      schema: {
        tags,
        security,
        summary: 'One preference by section and name',
        querystring: getPreferenceQuerySchema,
        response: { 200: dataEnvelope(dynamicPreferenceSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.get(requireStaff(request).stackId, request.query.name, request.query.section),
    }),
  );

  r.get(
    paths.getList,
    {
      config: areaAccess('console'),
      schema: {
        tags,
        security,
        summary: 'Several preferences; names (or section.name) joined by commas',
        querystring: getPreferenceListQuerySchema,
        response: {
          200: dataEnvelope(z.array(dynamicPreferenceSchema)),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const keys = request.query.preferences_list
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean);
      return { data: await service.list(requireStaff(request).stackId, keys) };
    },
  );

  r.post(
    paths.update,
    {
      config: writeConfig,
      schema: {
        tags,
        security,
        summary: 'Change one preference',
        body: updateDynamicPreferenceBodySchema,
        response: { 200: dataEnvelope(dynamicPreferenceSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      checkAreas(request, [request.body.name]);
      await recordBefore(request, requireStaff(request).stackId, [request.body.name]);
      return {
        data: await service.update(
          requireStaff(request).stackId,
          request.body.name,
          request.body.value ?? '',
          requireAuth(request).accountId,
        ),
      };
    },
  );

  r.post(
    paths.updateMulti,
    {
      config: writeConfig,
      schema: {
        tags,
        security,
        summary: 'Change several preferences at once (all or nothing); body: map name → value',
        body: updateMultiBodySchema,
        response: {
          200: dataEnvelope(z.record(z.string(), dynamicPreferenceSchema)),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      checkAreas(request, Object.keys(request.body));
      await recordBefore(request, requireStaff(request).stackId, Object.keys(request.body));
      return {
        data: await service.updateMulti(
          requireStaff(request).stackId,
          request.body,
          requireAuth(request).accountId,
        ),
      };
    },
  );

  r.post(
    paths.refreshJwtSecret,
    {
      config: areaAccess('integrations'),
      schema: {
        tags,
        security,
        summary: 'Rotate the JWT signing key; the new key is answered once',
        response: { 200: dataEnvelope(jwtSecretSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return { data: await service.refreshJwtSecret(requireStaff(request).stackId) };
    },
  );
}
