import {
  tagAddressingSchema,
  taggingPaths,
  tagListSchema,
  tagObjectListSchema,
  tagSchema,
  type Tag,
  type TagAddressing,
  type TagAddressingBody,
  type TagList,
  type TagObjectList,
  type TagObjectType,
  type TagType,
  type TagWriteBody,
} from '@agora/contract';
import { z } from 'zod';
import { apiData } from '../../../core/http/api-client.ts';
import type { JsonValue } from '../../../core/http/http-request.ts';

/** Query keys of the tagging area, per community (internal_url). */
export const taggingKeys = {
  all: ['tagging'] as const,
  list: (internalUrl: string, type: TagType) => [...taggingKeys.all, 'list', internalUrl, type] as const,
  page: (internalUrl: string, type: TagType, page: PageQuery) =>
    [...taggingKeys.list(internalUrl, type), page] as const,
  /** Every page of one tag's elements (an assignment updates them all). */
  objectsOf: (internalUrl: string, tagId: number) =>
    [...taggingKeys.all, 'objects', internalUrl, tagId] as const,
  objects: (internalUrl: string, tagId: number, page: ObjectPageQuery) =>
    [...taggingKeys.objectsOf(internalUrl, tagId), page] as const,
  addressing: (internalUrl: string) => [...taggingKeys.all, 'addressing', internalUrl] as const,
};

/** Rows per page of the tag list and of the elements to assign (the one pager, core/lists). */
export const TAGGING_PAGE_SIZE = 25;

/** One page of a list: what to search on the server, and from which row. */
export interface PageQuery {
  search: string;
  offset: number;
  limit: number;
}

export interface ObjectPageQuery extends PageQuery {
  /** Only the elements carrying the tag, in their order. */
  assigned?: boolean;
}

const withId = (path: string, id: number) => path.replace(':id', String(id));
/** JSON bodies (lists and numbers inside). */
const json = (body: JsonValue) => ({ json: true as const, body });

/** One page of the tags of a type, by name, searched on the server. */
export async function fetchTags(type: TagType, page: PageQuery): Promise<TagList> {
  return tagListSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: taggingPaths.list,
      query: { type, limit: page.limit, offset: page.offset, search: page.search || undefined },
    }),
  );
}

export async function addTag(body: TagWriteBody): Promise<Tag> {
  return tagSchema.parse(
    await apiData<unknown>({ target: 'stack', method: 'POST', path: taggingPaths.add, ...json(body) }),
  );
}

export async function updateTag(id: number, body: TagWriteBody): Promise<Tag> {
  return tagSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: withId(taggingPaths.update, id),
      ...json(body),
    }),
  );
}

export async function setTagColor(id: number, color: string): Promise<Tag> {
  return tagSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: withId(taggingPaths.setColor, id),
      ...json({ color }),
    }),
  );
}

export async function setTagsActive(ids: number[], active: boolean): Promise<void> {
  await apiData<unknown>({
    target: 'stack',
    method: 'POST',
    path: taggingPaths.setActive,
    ...json({ ids, active }),
  });
}

/** One page of the elements a tag can be assigned to (alphabetical), searched on the server. */
export async function fetchTagObjects(tagId: number, page: ObjectPageQuery): Promise<TagObjectList> {
  return tagObjectListSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: withId(taggingPaths.objects, tagId),
      query: {
        search: page.search || undefined,
        limit: page.limit,
        offset: page.offset,
        assigned: page.assigned ? 'true' : undefined,
      },
    }),
  );
}

export async function assignTag(tagId: number, objectType: TagObjectType, ids: number[], on: boolean) {
  await apiData<unknown>({
    target: 'stack',
    method: 'POST',
    path: withId(on ? taggingPaths.assign : taggingPaths.unassign, tagId),
    ...json({ object_type: objectType, object_ids: ids }),
  });
}

export async function orderTag(tagId: number, ids: number[]): Promise<void> {
  await apiData<unknown>({
    target: 'stack',
    method: 'POST',
    path: withId(taggingPaths.order, tagId),
    ...json({ object_ids: ids }),
  });
}

export async function fetchAddressing(): Promise<TagAddressing[]> {
  return z
    .array(tagAddressingSchema)
    .parse(await apiData<unknown>({ target: 'stack', path: taggingPaths.addressing }));
}

export async function writeAddressing(body: TagAddressingBody): Promise<TagAddressing[]> {
  return z.array(tagAddressingSchema).parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: taggingPaths.addressing,
      ...json(body),
    }),
  );
}
