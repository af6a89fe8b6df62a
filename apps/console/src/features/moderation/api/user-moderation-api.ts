import {
  manualScoreResultSchema,
  moderatedUserPageSchema,
  moderatedUserPath,
  moderatedUserSchema,
  moderatedUserScorePath,
  userModerationPaths,
  type ModeratedUser,
  type ModeratedUserPage,
  type UserModerationOrdering,
  type UserModerationStatus,
} from '@agora/contract';
import { apiData } from '../../../core/http/api-client.ts';

export interface UserFilters {
  search: string;
  status: UserModerationStatus | '';
  ordering: UserModerationOrdering;
  page: number;
}
export const USERS_PAGE_SIZE = 20;

/** Query keys of users moderation, per community (internal_url). */
export const userModerationKeys = {
  all: ['user-moderation'] as const,
  list: (internalUrl: string, filters: UserFilters) =>
    [...userModerationKeys.all, 'list', internalUrl, filters] as const,
  one: (internalUrl: string, id: number) => [...userModerationKeys.all, 'one', internalUrl, id] as const,
};

export async function fetchModeratedUsers(filters: UserFilters): Promise<ModeratedUserPage> {
  return moderatedUserPageSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: userModerationPaths.list,
      query: {
        search: filters.search.trim() || undefined,
        status: filters.status || undefined,
        ordering: filters.ordering,
        limit: USERS_PAGE_SIZE,
        offset: filters.page * USERS_PAGE_SIZE,
      },
    }),
  );
}

export async function fetchModeratedUser(id: number): Promise<ModeratedUser> {
  return moderatedUserSchema.parse(await apiData<unknown>({ target: 'stack', path: moderatedUserPath(id) }));
}

export type UserChange = {
  status?: UserModerationStatus;
  /** Only with `banned`; absent = forever. */
  days?: number;
  email_validated?: boolean;
};

export async function changeModeratedUser(id: number, change: UserChange): Promise<ModeratedUser> {
  return moderatedUserSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: moderatedUserPath(id),
      json: true,
      body: change,
    }),
  );
}

export async function addUserScore(id: number, points: number, comment: string) {
  return manualScoreResultSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: moderatedUserScorePath(id),
      json: true,
      body: { points, comment },
    }),
  );
}
