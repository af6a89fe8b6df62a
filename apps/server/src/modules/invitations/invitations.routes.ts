import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  INVITATION_CSV_MAX_BYTES,
  dataEnvelope,
  invitationAddBodySchema,
  invitationAddResultSchema,
  invitationDeleteResultSchema,
  invitationIdsBodySchema,
  invitationImportBodySchema,
  invitationImportResultSchema,
  invitationListQuerySchema,
  invitationListSchema,
  invitationSchema,
  invitationSendSchema,
  invitationsPaths as paths,
  invitationWriteSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import {
  consoleRouteKit,
  uploadErrors,
  uploadRouteOptions,
} from '../../platform/stack-scope/console-routes.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';
import { createInvitationsService, INVITATION_SEND_JOB } from './invitations.service.ts';

const { tags, security, idParams, errors, stackOf } = consoleRouteKit('invitations');
/**
 * Invitations are the admin's (an invitation gives a staff role, and assigning roles is the admin's
 * alone, spec mgmt §6) under the `invitation` flag.
 */
const access = { ...areaAccess('invitations'), feature: 'invitation' as const };

/** Console routes of email invitations (registered inside the community guard). */
export function registerInvitationsRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createInvitationsService(deps);
  deps.jobs.register(INVITATION_SEND_JOB, (job) => service.runSend(job));
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    paths.list,
    {
      config: access,
      schema: {
        tags,
        security,
        summary:
          'Invitations of a tab: processing (to be sent or sent; filter by status) or accepted (used: the ' +
          'members registered from invitations), newest first, paged; search in name, email and username',
        querystring: invitationListQuerySchema,
        response: { 200: dataEnvelope(invitationListSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.list(stackOf(request), request.query) }),
  );

  r.post(
    paths.add,
    {
      config: access,
      schema: {
        tags,
        security,
        summary:
          'Add list: invitations with name, email, forced username, role (admin, moderator, editor, publisher ' +
          'or none), user tags and categories; any bad one refuses the call',
        body: invitationAddBodySchema,
        response: { 200: dataEnvelope(invitationAddResultSchema), ...errors },
      },
    },
    async (request) => ({
      data: { results: await service.add(requireStaff(request), request.body.invitations) },
    }),
  );

  r.post(
    paths.update,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Change an invitation not used yet',
        params: idParams,
        body: invitationWriteSchema,
        response: { 200: dataEnvelope(invitationSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.update(stackOf(request), request.params.id, request.body) }),
  );

  r.post(
    paths.remove,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Delete list: the chosen invitations not used yet',
        body: invitationIdsBodySchema,
        response: { 200: dataEnvelope(invitationDeleteResultSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.remove(stackOf(request), request.body.ids) }),
  );

  r.post(
    paths.send,
    {
      config: access,
      schema: {
        tags,
        security,
        summary:
          'Send list: a background task mails each chosen invitation still to be sent, once; answers the ' +
          'task, whose progress `sends/{id}/` reads',
        body: invitationIdsBodySchema,
        response: { 200: dataEnvelope(invitationSendSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.send(stackOf(request), request.body.ids) }),
  );

  r.get(
    paths.sendStatus,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Progress of a sending task: sent and failed of its total',
        params: idParams,
        response: { 200: dataEnvelope(invitationSendSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.sendStatus(stackOf(request), request.params.id) }),
  );

  r.post(
    paths.import,
    {
      ...uploadRouteOptions(access, deps.stackScope, INVITATION_CSV_MAX_BYTES),
      schema: {
        tags,
        security,
        summary:
          'CSV import (multipart, the file in `file`): columns name, email, username, role, tags, categories ' +
          '(names separated by |), at most 5,000 rows; the role is admin, moderator, editor or publisher in ' +
          "any case, an empty role cell invites a member without a staff role (as the dialog's none does); " +
          'bad rows (any other role too) are reported by line and left out, the good ones are added all together',
        consumes: ['multipart/form-data'],
        body: invitationImportBodySchema,
        response: { 200: dataEnvelope(invitationImportResultSchema), ...uploadErrors },
      },
    },
    async (request) => ({ data: await service.importCsv(requireStaff(request), request.body.file) }),
  );
}
