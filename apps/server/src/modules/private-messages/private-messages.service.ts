import {
  ErrorCode,
  PRIVATE_MESSAGE_MAX_LENGTH,
  PRIVATE_MESSAGE_MESSAGES as M,
  type MemberUserObject,
  type PrivateMessage,
  type PrivateMessageSend,
  type PrivateMessageSnippet,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { MemberCaller } from '../../platform/member-scope/member-scope.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';
import { isHidden } from '../member-people/hidden-members.repository.ts';
import { pageOfUsers } from '../member-people/member-people.repository.ts';
import { preferenceValues, presentUsers, visibleMember } from '../member-people/member-people.service.ts';
import * as repo from './private-messages.repository.ts';

type Deps = Pick<PlatformDeps, 'db' | 'clock' | 'secretBox'>;

/** Private messages between two members of a community (ADR 0039). */
export function createPrivateMessagesService(deps: Deps) {
  const { db, clock } = deps;

  /** The preference `private_messages_enabled` gates every call: 403 `feature_disabled` when off. */
  async function requireEnabled(stackId: number): Promise<void> {
    const prefs = await preferenceValues(deps, stackId, ['private_messages_enabled']);
    if (prefs.private_messages_enabled !== true)
      throw AppError.of(403, ErrorCode.featureDisabled, M.disabled);
  }

  /** The other member of a thread: visible in this community (404 otherwise), not the caller. */
  async function other(stackId: number, caller: MemberCaller, id: number) {
    if (id === caller.userId) throw AppError.of(400, ErrorCode.invalid, M.toSelf);
    return visibleMember(deps, stackId, id, caller);
  }

  async function usersOf(stackId: number, caller: MemberCaller, ids: number[]) {
    const users = await presentUsers(deps, stackId, [...new Set(ids)], caller);
    return new Map<number, MemberUserObject>(users.map((u) => [u.id, u]));
  }

  function statusOf(row: repo.MessageRow, callerId: number): PrivateMessage['status'] {
    if (row.deleted_at) return 'deleted';
    return row.receiver_id === callerId && row.seen_at === null ? 'new' : 'created';
  }

  function present(
    rows: repo.MessageRow[],
    users: Map<number, MemberUserObject>,
    callerId: number,
    threadStatus?: PrivateMessage['thread_status'],
  ): PrivateMessage[] {
    const out: PrivateMessage[] = [];
    for (const row of rows) {
      const sender = users.get(row.sender_id);
      const receiver = users.get(row.receiver_id);
      if (!sender || !receiver) continue;
      const status = statusOf(row, callerId);
      out.push({
        id: row.id,
        thread_id: row.thread_id,
        sender,
        receiver,
        message: row.deleted_at ? '' : row.message,
        created_at: row.created_at.toISOString(),
        status,
        thread_status: threadStatus ?? status,
      });
    }
    return out;
  }

  return {
    requireEnabled,

    /** The caller's threads, newest first, each with the other member, its last message and unseen count. */
    async snippets(stackId: number, caller: MemberCaller, limit: number, offset: number) {
      await requireEnabled(stackId);
      const page = await repo.threadsOf(db, stackId, caller.userId, limit, offset);
      const users = await usersOf(
        stackId,
        caller,
        page.rows.flatMap((r) => [r.sender_id, r.receiver_id]),
      );
      const results: PrivateMessageSnippet[] = [];
      for (const row of page.rows) {
        const sender = users.get(row.sender_id);
        const receiver = users.get(row.receiver_id);
        if (!sender || !receiver) continue;
        const text = row.deleted_at ? '' : row.message;
        results.push({
          id: row.id,
          thread_id: row.thread_id,
          headline: text.length > 100 ? `${text.slice(0, 99)}…` : text,
          message: text,
          sender,
          receiver,
          created_at: row.created_at.toISOString(),
          last_message_at: row.last_message_at.toISOString(),
          thread_status: row.unseen > 0 ? 'new' : 'created',
          unseen_count: row.unseen,
        });
      }
      return { count: page.count, results };
    },

    /**
     * The messages with one member, newest `limit` older than `before` (ascending in the page), and
     * whether older ones remain; the messages the caller received there are seen from now on.
     */
    async thread(
      stackId: number,
      caller: MemberCaller,
      userId: number,
      before: number | undefined,
      limit: number,
    ): Promise<{ count: number; more: boolean; results: PrivateMessage[] }> {
      await requireEnabled(stackId);
      await other(stackId, caller, userId);
      const thread = await repo.threadBetween(db, stackId, caller.userId, userId);
      if (!thread) return { count: 0, more: false, results: [] };
      const page = await repo.messagesOf(db, stackId, thread, caller.userId, before, limit);
      const more = page.rows.length > limit;
      const rows = page.rows.slice(0, limit).reverse();
      const unseen = rows.some((r) => r.receiver_id === caller.userId && r.seen_at === null);
      if (unseen) await repo.markSeen(db, stackId, thread.id, caller.userId, clock.now());
      const users = await usersOf(stackId, caller, [caller.userId, userId]);
      return { count: page.count, more, results: present(rows, users, caller.userId) };
    },

    /** One message, to its sender or receiver only (anyone else: 404). */
    async one(stackId: number, caller: MemberCaller, id: number): Promise<PrivateMessage> {
      await requireEnabled(stackId);
      const row = await repo.messageById(db, stackId, id);
      if (!row || (row.sender_id !== caller.userId && row.receiver_id !== caller.userId)) {
        throw AppError.notFound();
      }
      const users = await usersOf(stackId, caller, [row.sender_id, row.receiver_id]);
      const [message] = present([row], users, caller.userId);
      if (!message) throw AppError.notFound();
      return message;
    },

    /**
     * Sends one message to each recipient: each must be an active member of this community other
     * than the caller, neither hidden by the caller nor hiding them. Each recipient is notified
     * (`notification.private_message`), in the same transaction.
     */
    async send(stackId: number, caller: MemberCaller, body: PrivateMessageSend): Promise<PrivateMessage[]> {
      await requireEnabled(stackId);
      const text = body.message.trim();
      if (body.file_uuid) throw AppError.of(400, ErrorCode.invalid, 'Files are not supported.', 'file_uuid');
      if (text.length === 0) throw AppError.of(400, ErrorCode.invalid, M.empty, 'message');
      if (text.length > PRIVATE_MESSAGE_MAX_LENGTH) {
        throw AppError.of(400, ErrorCode.invalid, M.tooLong, 'message');
      }
      const recipients = [...new Set(body.recipients)];
      for (const id of recipients) {
        const row = await other(stackId, caller, id);
        if (row.status !== 'active') throw AppError.of(400, ErrorCode.invalid, M.unavailable, 'recipients');
        const hidden =
          (await isHidden(db, stackId, caller.userId, id)) ||
          (await isHidden(db, stackId, id, caller.userId));
        if (hidden) throw AppError.of(403, ErrorCode.permissionDenied, M.hidden);
      }
      const at = clock.now();
      const rows = await db.transaction().execute(async (trx) => {
        const written: repo.MessageRow[] = [];
        for (const id of recipients) {
          const row = await repo.insertMessage(trx, stackId, caller.userId, id, text, at);
          written.push(row);
          await recordEvent(trx, {
            stackId,
            type: 'notification.private_message',
            at,
            data: {
              user: { id },
              sender: { id: caller.userId },
              message: { id: row.id, thread_id: row.thread_id },
            },
          });
        }
        return written;
      });
      const users = await usersOf(stackId, caller, [caller.userId, ...recipients]);
      return present(rows, users, caller.userId);
    },

    /** The sender deletes their message (its place stays, marked deleted); anyone else: 403 / 404. */
    async remove(stackId: number, caller: MemberCaller, id: number): Promise<void> {
      await requireEnabled(stackId);
      const row = await repo.messageById(db, stackId, id);
      if (!row || (row.sender_id !== caller.userId && row.receiver_id !== caller.userId)) {
        throw AppError.notFound();
      }
      if (row.sender_id !== caller.userId) throw AppError.of(403, ErrorCode.permissionDenied, M.notSender);
      if (!row.deleted_at) await repo.deleteMessage(db, stackId, id, clock.now());
    },

    /** The caller deletes the thread with `userId` for themselves (the other member keeps it). */
    async removeThread(stackId: number, caller: MemberCaller, userId: number): Promise<void> {
      await requireEnabled(stackId);
      await other(stackId, caller, userId);
      const thread = await repo.threadBetween(db, stackId, caller.userId, userId);
      if (thread) await repo.clearThread(db, stackId, thread, caller.userId, clock.now());
    },

    async unseenCount(stackId: number, caller: MemberCaller): Promise<number> {
      await requireEnabled(stackId);
      return repo.unseenCount(db, stackId, caller.userId);
    },

    /** Members the caller may write to whose username or name holds `text` (not the caller). */
    async search(stackId: number, caller: MemberCaller, text: string, limit: number, offset: number) {
      await requireEnabled(stackId);
      const page = await pageOfUsers(db, stackId, { text }, limit, offset);
      const ids = page.ids.filter((id) => id !== caller.userId);
      return { count: page.count, results: await presentUsers(deps, stackId, ids, caller) };
    },
  };
}
