import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataEnvelope, stackPaths, stackSchema, rowIdSchema } from '@agora/contract';
import { requireAuth, type AuthPreHandler } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import type { StacksService } from './stacks.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['stacks'];
const security = [{ bearer: [] }];

/** Hub calls: the communities of the signed-in account. */
export function registerStackHubRoutes(
  app: FastifyInstance,
  deps: { stacks: StacksService; authenticate: AuthPreHandler },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    stackPaths.list,
    {
      preHandler: deps.authenticate,
      schema: {
        tags,
        security,
        summary: 'Communities the signed-in account runs',
        response: { 200: dataEnvelope(z.array(stackSchema)), ...errorResponses(401) },
      },
    },
    async (request) => {
      const { accountId, onlyStackId } = requireAuth(request);
      const stacks = await deps.stacks.listForAccount(accountId);
      // A sign-in handed off from a community sees that community only.
      return { data: onlyStackId === null ? stacks : stacks.filter((s) => s.id === onlyStackId) };
    },
  );

  r.get(
    stackPaths.one,
    {
      preHandler: deps.authenticate,
      schema: {
        tags,
        security,
        summary: 'One community of the signed-in account',
        params: z.object({ id: rowIdSchema }),
        response: { 200: dataEnvelope(stackSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { accountId, onlyStackId } = requireAuth(request);
      const stack = await deps.stacks.stackForAccount(accountId, request.params.id);
      if (!stack || (onlyStackId !== null && stack.id !== onlyStackId)) {
        throw AppError.notFound('This community is not found');
      }
      return { data: stack };
    },
  );
}

/** Stack-scoped calls (registered inside the stack scope, behind its guard). */
export function registerStackSelfRoutes(scope: FastifyInstance, deps: { stacks: StacksService }): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    stackPaths.self,
    {
      config: areaAccess('console'),
      schema: {
        tags,
        security,
        summary: 'This community as the caller sees it',
        response: { 200: dataEnvelope(stackSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await deps.stacks.stackOf(requireStaff(request)) }),
  );
}
