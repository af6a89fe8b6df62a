import {
  type AppErrorCode,
  TaggingErrorCode,
  checkTagAddressingInput,
  checkTagInput,
  ErrorCode,
  TAG_OBJECT_TYPE_OF,
  TAG_ORDER_LIMIT,
  TAG_TYPE_FEATURE,
  TAGGING_MESSAGES as M,
  type Tag,
  type TagAddressing,
  type TagAddressingAction,
  type TagAddressingBody,
  type TagAssignBody,
  type TagList,
  type TagObjectList,
  type TagType,
  type TagWriteBody,
  paletteColor,
} from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError, errorEntry } from '../../platform/errors/app-error.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';
import { requireFeature } from '../features/features.service.ts';
import * as repo from './tagging.repository.ts';

function toTag(row: repo.TagRow): Tag {
  return { ...row, created_at: new Date(row.created_at).toISOString() };
}

function invalid(problems: { field: string; code: AppErrorCode; message: string }[]): AppError {
  return new AppError(
    400,
    problems.map((p) => errorEntry(p.code, p.message, p.field)),
  );
}

function readBool(value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  return value === true || value === 'true' || value === '1';
}

const uniqueName = () => AppError.of(400, TaggingErrorCode.unique, M.unique, 'name');

/**
 * Tags of the console and of the member API. Each write records Agora's own webhook event in its
 * transaction (`tag.created`, `tag.updated`, `tag.assigned`, `tag.removed`: SelfCommunity has no tag
 * events, ADR 0034).
 */
export function createTaggingService(deps: Pick<PlatformDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  /** Runs a tag write and records the event of every tag it touched, in one transaction. */
  async function withTagEvent(
    stackId: number,
    type: 'tag.created' | 'tag.updated',
    write: (trx: Db) => Promise<number[]>,
  ): Promise<number[]> {
    return db.transaction().execute(async (trx) => {
      const ids = await write(trx);
      const at = clock.now();
      for (const row of await repo.tagsByIds(trx, stackId, ids))
        await recordEvent(trx, { stackId, type, data: toTag(row), at });
      return ids;
    });
  }

  /** Category tags need `tagging_category`, content tags `tagging_content` (the route checks `tagging`). */
  async function requireTypeFeature(stackId: number, type: TagType): Promise<void> {
    const flag = TAG_TYPE_FEATURE[type];
    if (flag === 'tagging') return;
    await requireFeature(db, stackId, flag);
  }

  async function loadTag(stackId: number, id: number): Promise<repo.TagRow> {
    const tag = await repo.tagById(db, stackId, id);
    if (!tag) throw AppError.of(404, ErrorCode.notFound, M.tagNotFound);
    await requireTypeFeature(stackId, tag.type);
    return tag;
  }

  function values(body: TagWriteBody): repo.TagValues {
    const v: repo.TagValues = {};
    if (body.name !== undefined) v.name = body.name.trim();
    if (body.description !== undefined) v.description = body.description.trim();
    if (body.color !== undefined) v.color = paletteColor(body.color) ?? body.color;
    if (body.visible !== undefined) v.visible = body.visible;
    if (body.visibility_boost !== undefined) v.visibility_boost = body.visibility_boost;
    if (body.active !== undefined) v.active = body.active;
    return v;
  }

  /** Postgres unique violation on (stack_id, type, lower(name)) when two writes race. */
  function isUniqueViolation(error: unknown): boolean {
    return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
  }

  return {
    async list(
      stackId: number,
      query: { type: TagType; active?: boolean | string; search?: string; limit?: number; offset?: number },
    ): Promise<TagList> {
      await requireTypeFeature(stackId, query.type);
      const { count, rows } = await repo.listTags(db, stackId, {
        type: query.type,
        active: readBool(query.active),
        search: query.search?.trim() || undefined,
        limit: query.limit ?? 100,
        offset: query.offset ?? 0,
      });
      return { count, results: rows.map(toTag) };
    },

    /** `colors: 'hex'`: any `#rgb`/`#rrggbb` (the member API); the console keeps the palette. */
    async add(stackId: number, body: TagWriteBody, colors: 'palette' | 'hex' = 'palette'): Promise<Tag> {
      const problems = checkTagInput(body, false, colors);
      if (problems.length > 0) throw invalid(problems);
      const type = body.type as TagType;
      await requireTypeFeature(stackId, type);
      const v = values(body);
      if (await repo.nameTaken(db, stackId, type, v.name ?? '')) throw uniqueName();
      try {
        const [id] = await withTagEvent(stackId, 'tag.created', async (trx) => [
          await repo.insertTag(trx, stackId, type, v),
        ]);
        return toTag((await repo.tagById(db, stackId, id as number))!);
      } catch (error) {
        if (isUniqueViolation(error)) throw uniqueName();
        throw error;
      }
    },

    async update(
      stackId: number,
      id: number,
      body: TagWriteBody,
      colors: 'palette' | 'hex' = 'palette',
    ): Promise<Tag> {
      const tag = await loadTag(stackId, id);
      const { type: _ignored, ...rest } = body;
      const problems = checkTagInput(rest, true, colors);
      if (problems.length > 0) throw invalid(problems);
      const v = values(rest);
      if (v.name !== undefined && (await repo.nameTaken(db, stackId, tag.type, v.name, id)))
        throw uniqueName();
      try {
        await withTagEvent(stackId, 'tag.updated', async (trx) => {
          await repo.updateTag(trx, stackId, id, v);
          return [id];
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw uniqueName();
        throw error;
      }
      return toTag((await repo.tagById(db, stackId, id))!);
    },

    async setColor(stackId: number, id: number, color: string): Promise<Tag> {
      await loadTag(stackId, id);
      const value = paletteColor(color);
      if (!value) throw AppError.of(400, ErrorCode.invalid, M.color, 'color');
      await withTagEvent(stackId, 'tag.updated', async (trx) => {
        await repo.updateTag(trx, stackId, id, { color: value });
        return [id];
      });
      return toTag((await repo.tagById(db, stackId, id))!);
    },

    async setActive(stackId: number, ids: number[], active: boolean): Promise<{ updated: number }> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) throw AppError.of(400, ErrorCode.required, M.ids, 'ids');
      const found = await repo.tagsByIds(db, stackId, unique);
      if (found.length !== unique.length) throw AppError.of(404, ErrorCode.notFound, M.tagNotFound, 'ids');
      for (const type of new Set(found.map((t) => t.type))) await requireTypeFeature(stackId, type);
      let updated = 0;
      await withTagEvent(stackId, 'tag.updated', async (trx) => {
        updated = await repo.setActive(trx, stackId, unique, active);
        return unique;
      });
      return { updated };
    },

    async objects(
      stackId: number,
      id: number,
      query: { search?: string; assigned?: boolean | string; limit?: number; offset?: number },
    ): Promise<TagObjectList> {
      const tag = await loadTag(stackId, id);
      const { count, rows } = await repo.listObjects(db, stackId, id, TAG_OBJECT_TYPE_OF[tag.type], {
        search: query.search?.trim() || undefined,
        onlyAssigned: readBool(query.assigned) ?? false,
        limit: query.limit ?? 50,
        offset: query.offset ?? 0,
      });
      return { count, results: rows };
    },

    async assign(
      stackId: number,
      id: number,
      body: TagAssignBody,
      on: boolean,
    ): Promise<{ assigned_count: number }> {
      const tag = await loadTag(stackId, id);
      if (TAG_OBJECT_TYPE_OF[tag.type] !== body.object_type) {
        throw AppError.of(400, TaggingErrorCode.objectTypeMismatch, M.objectType, 'object_type');
      }
      const ids = [...new Set(body.object_ids)];
      if (ids.length === 0) throw AppError.of(400, ErrorCode.required, M.objectIds, 'object_ids');
      const existing = await repo.existingObjects(db, stackId, body.object_type, ids);
      if (existing.length !== ids.length)
        throw AppError.of(400, TaggingErrorCode.assignmentFailed, M.assignError, 'object_ids');
      await db.transaction().execute(async (trx) => {
        const changed = on
          ? await repo.assign(trx, stackId, id, body.object_type, ids)
          : await repo.unassign(trx, stackId, id, body.object_type, ids);
        // Only the objects that really gained or lost the tag; nothing changed, nothing told.
        if (changed.length === 0) return;
        const data = {
          tag: { id, name: tag.name, type: tag.type },
          object_type: body.object_type,
          object_ids: ids.filter((o) => changed.includes(o)),
        };
        const type = on ? 'tag.assigned' : 'tag.removed';
        await recordEvent(trx, { stackId, type, data, at: clock.now() });
      });
      return { assigned_count: (await repo.tagById(db, stackId, id))!.assigned_count };
    },

    /** Puts `objectIds` first, in that order; the other assigned contents follow in their order. */
    async order(stackId: number, id: number, objectIds: number[]): Promise<TagObjectList> {
      const tag = await loadTag(stackId, id);
      if (tag.type !== 'thread')
        throw AppError.of(400, TaggingErrorCode.notOrderable, M.objectType, 'object_ids');
      const current = await repo.orderedContents(db, stackId, id);
      if (current.length === 0) throw AppError.of(400, TaggingErrorCode.notAssigned, M.notAssigned);
      if (current.length > TAG_ORDER_LIMIT)
        throw AppError.of(400, TaggingErrorCode.tooManyToOrder, M.tooManyToOrder);
      const wanted = [...new Set(objectIds)];
      const assigned = new Set(current);
      if (wanted.length === 0 || wanted.some((o) => !assigned.has(o))) {
        throw AppError.of(400, ErrorCode.invalid, M.orderIds, 'object_ids');
      }
      const chosen = new Set(wanted);
      await repo.writeOrder(db, stackId, id, [...wanted, ...current.filter((o) => !chosen.has(o))]);
      return this.objects(stackId, id, { assigned: true, limit: TAG_ORDER_LIMIT });
    },

    async addressing(stackId: number): Promise<TagAddressing[]> {
      return repo.listAddressing(db, stackId);
    },

    /** Creates a rule, or with `id` updates it (or deletes it with `delete: true`); answers every rule. */
    async writeAddressing(stackId: number, body: TagAddressingBody): Promise<TagAddressing[]> {
      if (body.id !== undefined && !(await repo.addressingById(db, stackId, body.id))) {
        throw AppError.notFound('This addressing rule is not found.');
      }
      if (body.id !== undefined && body.delete) {
        await repo.deleteAddressing(db, stackId, body.id);
        return repo.listAddressing(db, stackId);
      }
      const problems = checkTagAddressingInput(body);
      if (problems.length > 0) throw invalid(problems);
      const from = body.user_tag_from as number;
      const to = [...new Set(body.user_tag_to)];
      const found = new Set(await repo.userTagIds(db, stackId, [from, ...to]));
      if (!found.has(from)) throw AppError.of(400, ErrorCode.invalid, M.addressingUserTags, 'user_tag_from');
      if (to.some((t) => !found.has(t)))
        throw AppError.of(400, ErrorCode.invalid, M.addressingUserTags, 'user_tag_to');
      const value = {
        user_tag_from: from,
        actions: [...new Set(body.actions)] as TagAddressingAction[],
        user_tag_to: to,
      };
      if (body.id !== undefined) await repo.updateAddressing(db, stackId, body.id, value);
      else await repo.insertAddressing(db, stackId, value);
      return repo.listAddressing(db, stackId);
    },
  };
}

export type TaggingService = ReturnType<typeof createTaggingService>;
