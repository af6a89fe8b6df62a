import {
  incubatorListSchema,
  incubatorPaths,
  incubatorSchema,
  incubatorThresholdSchema,
  type Incubator,
  type IncubatorAction,
  type IncubatorList,
  type IncubatorStatus,
  type IncubatorThreshold,
} from '@agora/contract';
import { apiData } from '../../../core/http/api-client.ts';

/** Query keys of the incubator tab, per community (internal_url). */
export const incubatorKeys = {
  all: ['incubator'] as const,
  lists: (internalUrl: string) => [...incubatorKeys.all, 'list', internalUrl] as const,
  list: (internalUrl: string, page: IncubatorPageQuery) =>
    [...incubatorKeys.lists(internalUrl), page] as const,
  threshold: (internalUrl: string) => [...incubatorKeys.all, 'threshold', internalUrl] as const,
};

/** Rows per page of the proposals (the one pager, core/lists). */
export const INCUBATOR_PAGE_SIZE = 20;

export interface IncubatorPageQuery {
  status: IncubatorStatus | '';
  offset: number;
}

export async function fetchIncubators(page: IncubatorPageQuery): Promise<IncubatorList> {
  return incubatorListSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: incubatorPaths.list,
      query: {
        limit: INCUBATOR_PAGE_SIZE,
        offset: page.offset,
        ...(page.status ? { status: page.status } : {}),
      },
    }),
  );
}

/** A status action (publish creates the category). */
export async function actOnIncubator(id: number, action: IncubatorAction): Promise<Incubator> {
  return incubatorSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: incubatorPaths.status.replace(':id', String(id)),
      json: true,
      body: { action },
    }),
  );
}

export async function fetchIncubatorThreshold(): Promise<IncubatorThreshold> {
  return incubatorThresholdSchema.parse(
    await apiData<unknown>({ target: 'stack', path: incubatorPaths.threshold }),
  );
}

/** Stores the threshold (the server clamps it into its bounds). */
export async function saveIncubatorThreshold(threshold: string): Promise<IncubatorThreshold> {
  return incubatorThresholdSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: incubatorPaths.threshold,
      json: true,
      body: { threshold },
    }),
  );
}
