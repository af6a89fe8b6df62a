import {
  broadcastAudienceCountSchema,
  broadcastImageResultSchema,
  broadcastListSchema,
  broadcastMessageSchema,
  broadcastPaths,
  broadcastTagChoicesSchema,
  broadcastUserChoicesSchema,
  type BroadcastList,
  type BroadcastMessage,
  type BroadcastStatus,
  type BroadcastTagChoice,
  type BroadcastUserChoice,
  type BroadcastWriteBody,
} from '@agora/contract';
import { apiData } from '../../../core/http/api-client.ts';

/** Query keys of the broadcast messages area, per community (internal_url). */
export const broadcastKeys = {
  all: ['broadcast-messages'] as const,
  lists: (internalUrl: string) => [...broadcastKeys.all, 'list', internalUrl] as const,
  list: (internalUrl: string, page: BroadcastPageQuery) =>
    [...broadcastKeys.lists(internalUrl), page] as const,
  audience: (internalUrl: string, id: number) => [...broadcastKeys.all, 'audience', internalUrl, id] as const,
  tags: (internalUrl: string) => [...broadcastKeys.all, 'tags', internalUrl] as const,
  users: (internalUrl: string, search: string) =>
    [...broadcastKeys.all, 'users', internalUrl, search] as const,
};

/** Rows per page of a tab (the one pager, core/lists). */
export const BROADCAST_PAGE_SIZE = 20;

export interface BroadcastPageQuery {
  status: BroadcastStatus;
  search: string;
  offset: number;
}

const withId = (path: string, id: number) => path.replace(':id', String(id));
const parse = async (
  path: string,
  body: BroadcastWriteBody | { scheduled_at: string } | Record<string, never>,
) =>
  broadcastMessageSchema.parse(
    await apiData<unknown>({ target: 'stack', method: 'POST', path, json: true, body }),
  );

export async function fetchBroadcasts(page: BroadcastPageQuery): Promise<BroadcastList> {
  return broadcastListSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: broadcastPaths.list,
      query: {
        status: page.status,
        limit: BROADCAST_PAGE_SIZE,
        offset: page.offset,
        search: page.search || undefined,
      },
    }),
  );
}

export function saveBroadcast(id: number | null, body: BroadcastWriteBody): Promise<BroadcastMessage> {
  return parse(id === null ? broadcastPaths.save : withId(broadcastPaths.update, id), body);
}
export const sendBroadcast = (id: number) => parse(withId(broadcastPaths.send, id), {});
export const copyBroadcast = (id: number) => parse(withId(broadcastPaths.copy, id), {});
export const scheduleBroadcast = (id: number, scheduledAt: string) =>
  parse(withId(broadcastPaths.schedule, id), { scheduled_at: scheduledAt });

export async function deleteBroadcast(id: number): Promise<void> {
  await apiData<unknown>({
    target: 'stack',
    method: 'POST',
    path: withId(broadcastPaths.remove, id),
    json: true,
    body: {},
  });
}

export async function fetchAudienceCount(id: number): Promise<number> {
  return broadcastAudienceCountSchema.parse(
    await apiData<unknown>({ target: 'stack', path: withId(broadcastPaths.audience, id) }),
  ).count;
}

export async function uploadBroadcastImage(file: File): Promise<string> {
  const body = new FormData();
  body.set('file', file, file.name);
  return broadcastImageResultSchema.parse(
    await apiData<unknown>({ target: 'stack', method: 'POST', path: broadcastPaths.image, body }),
  ).url;
}

export async function fetchTagChoices(): Promise<BroadcastTagChoice[]> {
  return broadcastTagChoicesSchema.parse(
    await apiData<unknown>({ target: 'stack', path: broadcastPaths.tagChoices }),
  );
}

export async function fetchUserChoices(search: string): Promise<BroadcastUserChoice[]> {
  return broadcastUserChoicesSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: broadcastPaths.userChoices,
      query: { search: search || undefined },
    }),
  );
}
