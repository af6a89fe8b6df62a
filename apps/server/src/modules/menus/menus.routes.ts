import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  menuDeleteResultSchema,
  menuItemWriteBodySchema,
  menuListQuerySchema,
  menuListSchema,
  menuOrderBodySchema,
  menuSchema,
  menusPaths as paths,
  menuWriteBodySchema,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';
import { createMenusService } from './menus.service.ts';

const tags = ['menus'];
const security = [{ bearer: [] }];
/**
 * Menus are a content area (admin + editor, spec mgmt §6) under no feature flag: SelfCommunity's
 * custom menus need none (its `cms` flag is not documented to gate them, and a site's navigation is
 * not an optional extra).
 */
const access = { ...areaAccess('menus') };
/** The guard reads the slug after validation: params schemas must keep it. */
const idParams = z.object({ slug: z.string(), id: rowIdSchema });
const menuResponse = { 200: dataEnvelope(menuSchema), ...errorResponses(400, 401, 403, 404) };

/** Stack-scoped routes of the console's menus (registered inside the community guard). */
export function registerMenusRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createMenusService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const stackOf = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request).stackId;

  r.get(
    paths.list,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Menus of the community (title, last modification, items count), the base menu first',
        querystring: menuListQuerySchema,
        response: { 200: dataEnvelope(menuListSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.list(stackOf(request), request.query) }),
  );

  r.post(
    paths.add,
    {
      config: access,
      schema: { tags, security, summary: 'Create a menu', body: menuWriteBodySchema, response: menuResponse },
    },
    async (request) => ({ data: await service.add(stackOf(request), request.body) }),
  );

  r.get(
    paths.get,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'A menu with its items in order',
        params: idParams,
        response: menuResponse,
      },
    },
    async (request) => ({ data: await service.get(stackOf(request), request.params.id) }),
  );

  r.post(
    paths.update,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Rename a menu or make it the base menu',
        params: idParams,
        body: menuWriteBodySchema,
        response: menuResponse,
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
        summary: 'Delete a menu and its items',
        params: idParams,
        response: { 200: dataEnvelope(menuDeleteResultSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.remove(stackOf(request), request.params.id) }),
  );

  r.post(
    paths.order,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: "Order a menu's items (every item, once)",
        params: idParams,
        body: menuOrderBodySchema,
        response: menuResponse,
      },
    },
    async (request) => ({
      data: await service.order(stackOf(request), request.params.id, request.body.item_ids),
    }),
  );

  r.post(
    paths.itemAdd,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Add an item at the end of a menu (label, url absolute or relative, attributes)',
        body: menuItemWriteBodySchema,
        response: menuResponse,
      },
    },
    async (request) => ({ data: await service.addItem(stackOf(request), request.body) }),
  );

  r.post(
    paths.itemUpdate,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Change a menu item (moved to another menu, it goes to its end)',
        params: idParams,
        body: menuItemWriteBodySchema,
        response: menuResponse,
      },
    },
    async (request) => ({
      data: await service.updateItem(stackOf(request), request.params.id, request.body),
    }),
  );

  r.post(
    paths.itemRemove,
    {
      config: access,
      schema: { tags, security, summary: 'Delete a menu item', params: idParams, response: menuResponse },
    },
    async (request) => ({ data: await service.removeItem(stackOf(request), request.params.id) }),
  );
}
