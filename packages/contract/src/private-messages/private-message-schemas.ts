import { z } from 'zod';
import { PRIVATE_MESSAGE_MAX_LENGTH, PRIVATE_MESSAGE_MAX_RECIPIENTS } from './private-message-limits.ts';
import { memberListQuerySchema } from '../member-list.ts';
import { rowIdSchema } from '../row-id.ts';
import { memberUserSchema } from '../member-people/member-people-schemas.ts';

/**
 * Private messages between two members (SelfCommunity's `/api/v2/pm/`, preference
 * `private_messages_enabled`; ADR 0039). `GET pm/` lists the caller's threads (snippets), newest
 * first; `GET pm/?user={id}` one thread's messages, oldest first within a page, paged backwards with
 * `before_message`; reading a thread marks the messages the caller received there seen.
 */
export const privateMessagePaths = {
  list: '/pm/',
  one: '/pm/:id/',
  search: '/pm/search/',
  unseenCount: '/pm/unseen/count/',
} as const;

export {
  PRIVATE_MESSAGE_MAX_LENGTH,
  PRIVATE_MESSAGE_MAX_RECIPIENTS,
  PRIVATE_MESSAGE_MESSAGES,
} from './private-message-limits.ts';

/** SelfCommunity's `SCPrivateMessageStatusType`. */
export const PRIVATE_MESSAGE_STATUSES = ['new', 'created', 'deleted', 'hidden'] as const;
export const privateMessageStatusSchema = z.enum(PRIVATE_MESSAGE_STATUSES);

/** One message (`SCPrivateMessageThreadType`); a deleted one keeps its place with no text. */
export const privateMessageSchema = z
  .object({
    id: z.number().int(),
    thread_id: z.number().int(),
    sender: memberUserSchema,
    receiver: memberUserSchema,
    message: z.string(),
    created_at: z.string(),
    status: privateMessageStatusSchema.describe(
      'new: received and not yet seen; created: sent, or seen; deleted: deleted by its sender',
    ),
    thread_status: privateMessageStatusSchema,
  })
  .describe('A private message');
export type PrivateMessage = z.infer<typeof privateMessageSchema>;

/** One thread as the caller's list shows it (`SCPrivateMessageSnippetType`). */
export const privateMessageSnippetSchema = z
  .object({
    id: z.number().int().describe('The last message id'),
    thread_id: z.number().int(),
    headline: z.string().describe("The last message's text (empty when deleted)"),
    message: z.string(),
    sender: memberUserSchema.describe('Who sent the last message'),
    receiver: memberUserSchema.describe('Who received the last message'),
    created_at: z.string(),
    last_message_at: z.string(),
    thread_status: privateMessageStatusSchema.describe('new: the caller has unseen messages in it'),
    unseen_count: z
      .number()
      .int()
      .describe("Agora: how many of the thread's messages the caller has not seen"),
  })
  .describe('A private message thread');
export type PrivateMessageSnippet = z.infer<typeof privateMessageSnippetSchema>;

export const privateMessageListQuerySchema = memberListQuerySchema.extend({
  user: rowIdSchema.optional().describe('The other member: answers that thread'),
  before_message: rowIdSchema.optional().describe('With user: only messages older than this id'),
});

export const privateMessageDeleteThreadQuerySchema = z.object({
  user: rowIdSchema.describe('The other member of the thread to delete'),
});

export const privateMessageSearchQuerySchema = memberListQuerySchema.extend({
  user: z.string().trim().max(100).default('').describe('The start of a username or name'),
});

export const privateMessageSendSchema = z.object({
  recipients: z.array(rowIdSchema).min(1).max(PRIVATE_MESSAGE_MAX_RECIPIENTS),
  message: z.string().max(PRIVATE_MESSAGE_MAX_LENGTH * 2),
  file_uuid: z.string().nullable().optional().describe('Not supported yet: must be empty'),
});
export type PrivateMessageSend = z.infer<typeof privateMessageSendSchema>;

export const privateMessageUnseenCountSchema = z
  .object({ count: z.number().int() })
  .describe('How many messages the caller has not seen');
