import {
  BROADCAST_IMAGE_MAX_BYTES,
  BROADCAST_MESSAGES as M,
  checkBroadcastInput,
  ErrorCode,
  IMAGE_MESSAGES,
  ImageErrorCode,
  mediaParts,
  type AppErrorCode,
  type BroadcastList,
  type BroadcastListQuery,
  type BroadcastMessage,
  type BroadcastWriteBody,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError, errorEntry } from '../../platform/errors/app-error.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { createFileStorage } from '../../platform/storage/storage-choice.ts';
import { internalUrl } from '../stacks/stacks.service.ts';
import { storeCheckedImage } from '../theme/theme.service.ts';
import { listAddressing, listTags, tagsByIds, userTagIds } from '../tagging/tagging.repository.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';
import { tagIdsOfUser, tagsOfUsers } from '../tagging/user-tags.repository.ts';
import { communityUserRows, existingUserIds } from '../users/community-user-rows.repository.ts';
import * as repo from './broadcast-messages.repository.ts';
import { audienceCount } from './broadcast-banners.repository.ts';
import { enqueueScheduledSend, markSentAndPush } from './broadcast-delivery.service.ts';

export interface Stack {
  stackId: number;
  slug: string;
}
export interface Sender {
  userId: number;
  username: string;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
const notFound = () => AppError.notFound(M.notFound);
const invalid = (code: AppErrorCode, message: string, field: string) =>
  AppError.of(400, code, message, field);

/** Broadcast messages of the console (spec mgmt §2–§5): templates, scheduled, sent. */
export function createBroadcastService(deps: PlatformDeps & { storage?: FileStorage }) {
  const { db, clock } = deps;
  const storage = deps.storage ?? createFileStorage(deps.config);

  async function present(stackId: number, rows: repo.BroadcastRow[]): Promise<BroadcastMessage[]> {
    const ids = rows.map((r) => r.id);
    const chosen = await repo.chosenUsers(db, stackId, ids);
    const userIds = [...new Set(chosen.map((c) => c.user_id))];
    const names =
      userIds.length === 0
        ? []
        : await db
            .selectFrom(communityUserRows(db).as('u'))
            .select(['u.id', 'u.username'])
            .where('u.stack_id', '=', stackId)
            .where('u.id', 'in', userIds)
            .execute();
    const username = new Map(names.map((n) => [n.id, n.username]));
    const tags = await tagsByIds(db, stackId, [...new Set(rows.flatMap((r) => r.audience_tags))]);
    const tag = new Map(tags.map((t) => [t.id, { id: t.id, name: t.name, color: t.color }]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      title: row.title,
      body_text: row.body_text,
      link_text: row.link_text,
      link: row.link,
      link_type: row.link_type,
      open_in_new_tab: row.open_in_new_tab,
      image: row.image,
      audience: row.audience,
      audience_tags: row.audience_tags.flatMap((id) => tag.get(id) ?? []),
      audience_users: chosen
        .filter((c) => c.broadcast_id === row.id)
        .map((c) => ({ id: c.user_id, username: username.get(c.user_id) ?? '' })),
      status: row.status,
      scheduled_at: iso(row.scheduled_at),
      sent_at: iso(row.sent_at),
      sender: row.sender_id !== null ? { id: row.sender_id, username: row.sender_username ?? '' } : null,
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
    }));
  }

  async function load(stackId: number, id: number): Promise<repo.BroadcastRow> {
    const row = await repo.broadcastById(db, stackId, id);
    if (!row) throw notFound();
    return row;
  }

  async function get(stackId: number, id: number): Promise<BroadcastMessage> {
    return (await present(stackId, [await load(stackId, id)]))[0]!;
  }

  /**
   * The tag addressing of issue 5: when the sender holds a source tag of a "send broadcast message to"
   * rule, they may address only the holders of the rules' recipient tags — not everyone, no other tag,
   * no chosen user without one of those tags. A sender holding no such tag is not restricted.
   */
  async function checkAddressing(
    stackId: number,
    sender: Sender,
    values: repo.BroadcastValues,
  ): Promise<void> {
    const held = new Set(await tagIdsOfUser(db, stackId, sender.userId));
    const rules = (await listAddressing(db, stackId)).filter(
      (rule) => held.has(rule.user_tag_from) && (rule.actions as readonly string[]).includes('broadcast'),
    );
    if (rules.length === 0) return;
    const allowed = new Set(rules.flatMap((rule) => rule.user_tag_to));
    if (values.audience === 'all') throw invalid(ErrorCode.permissionDenied, M.addressingAll, 'audience');
    if (values.audience === 'tags' && values.audience_tags.some((id) => !allowed.has(id))) {
      throw invalid(ErrorCode.permissionDenied, M.addressingTags, 'audience_tags');
    }
    if (values.audience === 'users') {
      const tags = await tagsOfUsers(db, stackId, values.audience_users);
      const reachable = new Set(tags.filter((t) => allowed.has(t.id)).map((t) => t.user_id));
      if (values.audience_users.some((id) => !reachable.has(id))) {
        throw invalid(ErrorCode.permissionDenied, M.addressingUsers, 'audience_users');
      }
    }
  }

  /** The checked fields of a save (every field: the dialog sends the whole message). */
  async function checked(stack: Stack, body: BroadcastWriteBody): Promise<repo.BroadcastValues> {
    const problems = checkBroadcastInput(body);
    if (problems.length > 0) {
      throw new AppError(
        400,
        problems.map((p) => errorEntry(p.code, p.message, p.field)),
      );
    }
    const audience = body.audience ?? 'all';
    const tags = audience === 'tags' ? [...new Set(body.audience_tags ?? [])] : [];
    const users = audience === 'users' ? [...new Set(body.audience_users ?? [])] : [];
    if (tags.length > 0 && (await userTagIds(db, stack.stackId, tags)).length !== tags.length) {
      throw invalid(ErrorCode.invalid, M.unknownTag, 'audience_tags');
    }
    if (users.length > 0 && (await existingUserIds(db, stack.stackId, users)).length !== users.length) {
      throw invalid(ErrorCode.invalid, M.unknownUser, 'audience_users');
    }
    const image = body.image?.trim() || null;
    const mediaBase = `${internalUrl(deps.config.publicUrl, stack.slug)}/media/`;
    if (image !== null && (!image.startsWith(mediaBase) || !mediaParts(image))) {
      throw invalid(ErrorCode.invalid, M.invalidImage, 'image');
    }
    const link = (body.link ?? '').trim();
    return {
      name: body.name!.trim(),
      title: body.title!.trim(),
      body_text: body.body_text!.trim(),
      link_text: link === '' ? '' : (body.link_text ?? '').trim(),
      link,
      link_type: body.link_type ?? 'external',
      open_in_new_tab: link !== '' && body.open_in_new_tab === true,
      image,
      audience,
      audience_tags: tags,
      audience_users: users,
    };
  }

  function valuesOf(row: repo.BroadcastRow, users: number[]): repo.BroadcastValues {
    return {
      name: row.name,
      title: row.title,
      body_text: row.body_text,
      link_text: row.link_text,
      link: row.link,
      link_type: row.link_type,
      open_in_new_tab: row.open_in_new_tab,
      image: row.image,
      audience: row.audience,
      audience_tags: row.audience_tags,
      audience_users: users,
    };
  }

  async function storedValues(stackId: number, row: repo.BroadcastRow) {
    const users = (await repo.chosenUsers(db, stackId, [row.id])).map((c) => c.user_id);
    return valuesOf(row, users);
  }

  return {
    get,

    async list(stackId: number, query: BroadcastListQuery): Promise<BroadcastList> {
      const { count, rows } = await repo.listBroadcasts(db, stackId, {
        status: query.status,
        search: query.search?.trim() || undefined,
        limit: query.limit ?? 20,
        offset: query.offset ?? 0,
      });
      return { count, results: await present(stackId, rows) };
    },

    /** Saves a new template. */
    async save(stack: Stack, sender: Sender, body: BroadcastWriteBody): Promise<BroadcastMessage> {
      const values = await checked(stack, body);
      await checkAddressing(stack.stackId, sender, values);
      const id = await repo.insertBroadcast(db, stack.stackId, values, clock.now(), sender);
      return get(stack.stackId, id);
    },

    /** Changes a template or a scheduled message (a scheduled one keeps its date). */
    async update(
      stack: Stack,
      sender: Sender,
      id: number,
      body: BroadcastWriteBody,
    ): Promise<BroadcastMessage> {
      const row = await load(stack.stackId, id);
      if (row.status === 'sent') throw invalid(ErrorCode.invalid, M.alreadySent, 'status');
      const values = await checked(stack, body);
      await checkAddressing(stack.stackId, sender, values);
      if (!(await repo.updateBroadcast(db, stack.stackId, id, values, clock.now()))) {
        throw invalid(ErrorCode.invalid, M.alreadySent, 'status');
      }
      return get(stack.stackId, id);
    },

    async remove(stackId: number, id: number): Promise<{ deleted: number }> {
      const deleted = await repo.deleteBroadcast(db, stackId, id);
      if (deleted === 0) throw notFound();
      return { deleted };
    },

    /** Sends a template or a scheduled message now (exactly once: see `markSent`). */
    async send(stack: Stack, sender: Sender, id: number): Promise<BroadcastMessage> {
      const row = await load(stack.stackId, id);
      if (row.status === 'sent') throw invalid(ErrorCode.invalid, M.alreadySent, 'status');
      await checkAddressing(stack.stackId, sender, await storedValues(stack.stackId, row));
      if (!(await markSentAndPush(db, deps.jobs, stack.stackId, id, clock.now(), { sender }))) {
        throw invalid(ErrorCode.invalid, M.alreadySent, 'status');
      }
      return get(stack.stackId, id);
    },

    /** Schedules a template, or moves a scheduled message to another date (in the future). */
    async schedule(stack: Stack, sender: Sender, id: number, when: string): Promise<BroadcastMessage> {
      const at = new Date(when);
      const row = await load(stack.stackId, id);
      if (row.status === 'sent') throw invalid(ErrorCode.invalid, M.alreadySent, 'status');
      if (!(at.getTime() > clock.now().getTime())) {
        throw invalid(ErrorCode.invalid, M.scheduleInPast, 'scheduled_at');
      }
      await checkAddressing(stack.stackId, sender, await storedValues(stack.stackId, row));
      if (!(await repo.scheduleBroadcast(db, stack.stackId, id, at, clock.now(), sender))) {
        throw invalid(ErrorCode.invalid, M.alreadySent, 'status');
      }
      await enqueueScheduledSend(deps.jobs, stack.stackId, id, at);
      return get(stack.stackId, id);
    },

    /** "Edit as new": a sent message's copy as a new template. */
    async copy(stack: Stack, sender: Sender, id: number): Promise<BroadcastMessage> {
      const row = await load(stack.stackId, id);
      if (row.status !== 'sent') throw invalid(ErrorCode.invalid, M.notSent, 'status');
      const values = await storedValues(stack.stackId, row);
      const newId = await repo.insertBroadcast(db, stack.stackId, values, clock.now(), sender);
      return get(stack.stackId, newId);
    },

    /** How many members the message reaches (shown before sending). */
    async audience(stackId: number, id: number): Promise<{ count: number }> {
      await load(stackId, id);
      return { count: await audienceCount(db, stackId, id) };
    },

    /** User tags for the audience picker (active ones, by name; the first 50 matching). */
    async tagChoices(stackId: number, search: string | undefined) {
      const { rows } = await listTags(db, stackId, {
        type: 'user',
        active: true,
        search: search?.trim() || undefined,
        limit: 50,
        offset: 0,
      });
      return rows.map((r) => ({ id: r.id, name: r.name, color: r.color }));
    },

    /** Members for the audience picker: usernames containing `search` (the first 20). */
    async userChoices(stackId: number, search: string | undefined) {
      let q = db
        .selectFrom(communityUserRows(db).as('u'))
        .select(['u.id', 'u.username'])
        .where('u.stack_id', '=', stackId)
        .where('u.deleted_at', 'is', null);
      const text = search?.trim();
      if (text) q = q.where('u.username', 'ilike', `%${escapeLike(text)}%`);
      return q.orderBy('u.username').orderBy('u.id').limit(20).execute();
    },

    /** Stores a message's image through the content-checked pipeline; answers its address. */
    async uploadImage(stack: Stack, file: unknown): Promise<{ url: string }> {
      if (!Buffer.isBuffer(file) || file.length === 0) {
        throw AppError.of(400, ImageErrorCode.required, IMAGE_MESSAGES.required, 'file');
      }
      if (file.length > BROADCAST_IMAGE_MAX_BYTES) {
        throw AppError.of(400, ImageErrorCode.tooLarge, IMAGE_MESSAGES.tooLarge(5), 'file');
      }
      const { url } = await storeCheckedImage({ config: deps.config, storage }, stack, file, 'cover');
      return { url };
    },
  };
}
