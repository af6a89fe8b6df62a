import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataEnvelope, featurePaths, featureToggleSchema, rowIdSchema } from '@agora/contract';
import type { AuthPreHandler } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import type { Db } from '../../platform/db/database.ts';
import { requireHubAdmin } from '../auth/hub-admin.service.ts';
import { flagsOf, setFeature } from './features.repository.ts';
import { enabledFeatures, requireSwitchable } from './features.service.ts';
import { createDbAuditSink } from '../../platform/audit/audit-recorder.ts';
import { systemClock, type Clock } from '../../platform/clock.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';

const tags = ['features'];
const security = [{ bearer: [] }];

/** Stack-scoped: the flags that are on in this community. */
export function registerFeatureStackRoutes(scope: FastifyInstance, deps: { db: Db }): void {
  scope.withTypeProvider<ZodTypeProvider>().get(
    featurePaths.listEnabled,
    {
      config: areaAccess('console'),
      schema: {
        tags,
        security,
        summary: 'Names of the feature flags enabled in this community',
        response: { 200: dataEnvelope(z.array(z.string())), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return { data: await enabledFeatures(deps.db, staff.stackId) };
    },
  );
}

/** Hub: administrators of the deployment change a community's flags (community staff cannot). */
export function registerFeatureHubRoutes(
  app: FastifyInstance,
  deps: { db: Db; authenticate: AuthPreHandler; clock?: Clock },
): void {
  const clock = deps.clock ?? systemClock;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: rowIdSchema });
  const flagsSchema = z.record(z.string(), z.boolean());

  async function flagsFor(stackId: number) {
    const flags = (await flagsOf(deps.db, [stackId])).get(stackId);
    if (!flags) throw AppError.notFound('This community is not found');
    return flags;
  }

  r.get(
    featurePaths.hubToggle,
    {
      preHandler: deps.authenticate,
      schema: {
        tags,
        security,
        summary: 'Every feature flag of a community (hub administrators)',
        params,
        response: { 200: dataEnvelope(flagsSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await requireHubAdmin(deps.db, request);
      return { data: await flagsFor(request.params.id) };
    },
  );

  r.post(
    featurePaths.hubToggle,
    {
      preHandler: deps.authenticate,
      schema: {
        tags,
        security,
        summary: "Switch one of a community's feature flags on or off (hub administrators)",
        params,
        body: featureToggleSchema,
        response: { 200: dataEnvelope(flagsSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = await requireHubAdmin(deps.db, request);
      await flagsFor(request.params.id);
      requireSwitchable(request.body.name);
      // Audit log of the community: a hub administrator switched one of its features. One
      // transaction: a switch whose entry cannot be written does not happen.
      await deps.db.transaction().execute(async (trx) => {
        await setFeature(trx, request.params.id, request.body.name, request.body.enabled);
        const feature = { name: request.body.name, enabled: request.body.enabled };
        await recordEvent(trx, {
          stackId: request.params.id,
          type: 'feature.updated',
          data: feature,
          at: clock.now(),
        });
        await createDbAuditSink(trx, clock).record({
          stackId: request.params.id,
          accountId: admin.id,
          communityUserId: null,
          username: admin.username,
          role: 'hub_admin',
          method: 'POST',
          route: featurePaths.hubToggle,
          target: { stack: { id: request.params.id }, params: { id: request.params.id } },
          details: { body: request.body },
          ip: request.ip ?? null,
        });
      });
      return { data: await flagsFor(request.params.id) };
    },
  );
}
