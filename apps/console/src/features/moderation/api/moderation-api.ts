import {
  botStatusSchema,
  flagActionPath,
  flaggedContentPageSchema,
  flaggedContentSchema,
  moderationPaths,
  type BotStatus,
  type FlagActionBody,
  type FlaggedContent,
  type FlaggedContentPage,
  type ModerationContentType,
  type ModerationStatus,
} from '@agora/contract';
import { apiData } from '../../../core/http/api-client.ts';

export interface FlagFilters {
  status: ModerationStatus | '';
  contentType: ModerationContentType | '';
  page: number;
}
export const PAGE_SIZE = 20;

/** Query keys of the moderation area, per community (internal_url). */
export const moderationKeys = {
  all: ['moderation'] as const,
  flags: (internalUrl: string, filters: FlagFilters) =>
    [...moderationKeys.all, 'flags', internalUrl, filters] as const,
  one: (internalUrl: string, type: string, id: number) =>
    [...moderationKeys.all, 'one', internalUrl, type, id] as const,
  bot: (internalUrl: string) => [...moderationKeys.all, 'bot', internalUrl] as const,
};

export async function fetchFlags(filters: FlagFilters): Promise<FlaggedContentPage> {
  return flaggedContentPageSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: moderationPaths.flags,
      query: {
        status: filters.status || undefined,
        content_type: filters.contentType || undefined,
        limit: PAGE_SIZE,
        offset: filters.page * PAGE_SIZE,
      },
    }),
  );
}

export async function fetchFlagged(type: ModerationContentType, id: number): Promise<FlaggedContent> {
  return flaggedContentSchema.parse(
    await apiData<unknown>({ target: 'stack', path: flagActionPath(type, id) }),
  );
}

export async function moderate(
  type: ModerationContentType,
  id: number,
  body: FlagActionBody,
): Promise<FlaggedContent> {
  return flaggedContentSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: flagActionPath(type, id),
      json: true,
      body: body,
    }),
  );
}

export async function fetchBotStatus(): Promise<BotStatus> {
  return botStatusSchema.parse(await apiData<unknown>({ target: 'stack', path: moderationPaths.botStatus }));
}

export async function saveBotStatus(enabled: boolean): Promise<BotStatus> {
  return botStatusSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: moderationPaths.botStatus,
      json: true,
      body: { enabled },
    }),
  );
}
