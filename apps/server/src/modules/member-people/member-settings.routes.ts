import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FEATURE_NAMES,
  memberFeatureQuerySchema,
  memberFeatureSchema,
  memberPageOf,
  memberPreferencePatchSchema,
  memberPreferenceQuerySchema,
  memberPreferenceSchema,
  PREFERENCE_CATALOGUE,
  preferenceId,
  type DynamicPreference,
  rowIdSchema,
} from '@agora/contract';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { requireCommunity } from '../../platform/member-scope/member-scope.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { createDynamicPreferencesService } from '../dynamic-preferences/dynamic-preferences.service.ts';
import { enabledFeatures } from '../features/features.service.ts';

const tags = ['member-people'];

type PreferenceQuery = z.infer<typeof memberPreferenceQuerySchema>;

/** Sorts by `ordering` (name, section or id, `-` for descending); an exact name match comes first. */
function arrange(list: DynamicPreference[], query: PreferenceQuery): DynamicPreference[] {
  const search = query.search?.trim().toLowerCase();
  let result = list;
  if (query.section) result = result.filter((p) => p.section === query.section);
  if (query.keys && query.keys.length > 0) {
    const keys = new Set(query.keys);
    result = result.filter((p) => keys.has(`${p.section}.${p.name}`) || keys.has(p.name));
  }
  if (search) result = result.filter((p) => p.name.toLowerCase().includes(search));
  const ordering = query.ordering?.split(',')[0]?.trim() ?? 'id';
  const descending = ordering.startsWith('-');
  const field = ordering.replace(/^-/, '');
  const key = (p: DynamicPreference): string | number =>
    field === 'name' ? p.name : field === 'section' ? `${p.section}.${p.name}` : p.id;
  result = [...result].sort((a, b) => {
    if (search) {
      const exact = Number(b.name.toLowerCase() === search) - Number(a.name.toLowerCase() === search);
      if (exact !== 0) return exact;
    }
    const [x, y] = [key(a), key(b)];
    const order = x < y ? -1 : x > y ? 1 : 0;
    return descending ? -order : order;
  });
  return result;
}

/** Features, dynamic preferences and categories: read by community clients, whole without `limit`. */
export function registerMemberSettingsRoutes(scope: FastifyInstance, deps: MemberApiDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const publicUrl = deps.config.publicUrl;
  const preferences = createDynamicPreferencesService(deps);

  r.get(
    '/feature/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary: "The community's features and whether each is on (the whole list without limit)",
        querystring: memberFeatureQuerySchema,
        response: { 200: memberPageOf(memberFeatureSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      const on = new Set<string>(await enabledFeatures(deps.db, stackId));
      const search = request.query.search?.trim().toLowerCase();
      const all = FEATURE_NAMES.map((name, index) => ({ id: index + 1, name, enabled: on.has(name) })).filter(
        (f) => (!request.query.name || f.name === request.query.name) && (!search || f.name.includes(search)),
      );
      return memberPage(
        request,
        publicUrl,
        request.query,
        async (limit, offset) => ({
          count: all.length,
          results: all.slice(offset, limit === undefined ? undefined : offset + limit),
        }),
        Infinity,
      );
    },
  );

  const listPreferences = async (request: FastifyRequest, query: PreferenceQuery) => {
    const { stackId } = requireCommunity(request);
    // Secrets (the JWT signing key) are never readable.
    const all = arrange(
      (await preferences.all(stackId)).filter((p) => p.type !== 'secret'),
      query,
    );
    return memberPage(
      request,
      publicUrl,
      query,
      async (limit, offset) => ({
        count: all.length,
        results: all.slice(offset, limit === undefined ? undefined : offset + limit),
      }),
      Infinity,
    );
  };
  for (const path of ['/dynamic_preference/', '/dynamic_preference/search/']) {
    r.get(
      path,
      {
        config: { member: 'public' },
        schema: {
          tags,
          summary:
            'Dynamic preferences (search, section, keys=section.name,…, ordering; an exact name match first)',
          querystring: memberPreferenceQuerySchema,
          response: { 200: memberPageOf(memberPreferenceSchema), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => listPreferences(request, request.query),
    );
  }

  r.get(
    '/dynamic_preference/:id/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary: 'One dynamic preference by id',
        params: z.object({ id: rowIdSchema }),
        response: { 200: memberPreferenceSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      const definition = PREFERENCE_CATALOGUE[request.params.id - 1];
      if (
        !definition ||
        definition.type === 'secret' ||
        preferenceId(definition.name) !== request.params.id
      ) {
        throw AppError.notFound('This preference is not found.');
      }
      return preferences.get(stackId, definition.name);
    },
  );

  r.patch(
    '/dynamic_preference/',
    {
      config: { member: ['admin'] },
      schema: {
        tags,
        summary: 'Changes several preferences at once: {name: value}; answers them keyed by name (admins)',
        body: memberPreferencePatchSchema,
        response: {
          200: z.record(z.string(), memberPreferenceSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      return preferences.updateMulti(stackId, request.body, null);
    },
  );
}
