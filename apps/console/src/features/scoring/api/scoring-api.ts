import {
  manualScoreResultSchema,
  scoreConfigSchema,
  scoreHistoryPageSchema,
  scoringPaths,
  staffPaths,
  userSearchResultSchema,
  type ScoreConfig,
  type ScoreHistoryPage,
  type UserSearchResult,
} from '@agora/contract';
import { z } from 'zod';
import { apiData } from '../../../core/http/api-client.ts';
import type { JsonValue } from '../../../core/http/http-request.ts';

/** Query keys of the scoring area, per community (internal_url). */
export const scoringKeys = {
  all: ['scoring'] as const,
  config: (internalUrl: string) => [...scoringKeys.all, 'config', internalUrl] as const,
  history: (internalUrl: string, userId: number, filters: HistoryFilters) =>
    [...scoringKeys.all, 'history', internalUrl, userId, filters] as const,
};

export interface HistoryFilters {
  action: string;
  from: string;
  to: string;
  offset: number;
}

const json = (body: JsonValue) => ({ json: true as const, body });

export async function fetchScoreConfig(): Promise<ScoreConfig> {
  return scoreConfigSchema.parse(
    await apiData<unknown>({ target: 'stack', path: scoringPaths.config }),
  ) as ScoreConfig;
}

export async function saveScoreConfig(config: ScoreConfig): Promise<ScoreConfig> {
  return scoreConfigSchema.parse(
    await apiData<unknown>({ target: 'stack', method: 'POST', path: scoringPaths.config, ...json(config) }),
  ) as ScoreConfig;
}

export async function addManualScore(userId: number, points: number, comment: string) {
  return manualScoreResultSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: scoringPaths.add,
      ...json({ user_id: userId, points, comment }),
    }),
  );
}

export const HISTORY_PAGE_SIZE = 20;

export async function fetchScoreHistory(userId: number, f: HistoryFilters): Promise<ScoreHistoryPage> {
  return scoreHistoryPageSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: scoringPaths.history.replace(':user_id', String(userId)),
      query: {
        action: f.action || undefined,
        from: f.from || undefined,
        to: f.to || undefined,
        limit: HISTORY_PAGE_SIZE,
        offset: f.offset,
      },
    }),
  );
}

export async function searchMembers(username: string): Promise<UserSearchResult[]> {
  return z
    .array(userSearchResultSchema)
    .parse(await apiData<unknown>({ target: 'stack', path: staffPaths.search, query: { username } }));
}
