import {
  ErrorCode,
  REACTION_LABEL_MAX,
  REACTION_MESSAGES,
  ReactionErrorCode,
  type MemberReaction,
  type Reaction,
  type ReactionSentiment,
} from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { createFileStorage } from '../../platform/storage/storage-choice.ts';
import { findStack, findStackBySlug } from '../stacks/stack-row.repository.ts';
import { hasFeature, requireFeature } from '../features/features.service.ts';
import { DEFAULT_REACTIONS } from './default-reactions.ts';
import { reactionImageKey, storeReactionImage, storeSvg, SVG_FILE } from './reaction-images.ts';
import * as repo from './reactions.repository.ts';

type Deps = Pick<PlatformDeps, 'db' | 'clock' | 'config'>;
interface Stack {
  stackId: number;
  slug: string;
}
interface Editor {
  userId: number;
  username: string;
}

/** Communities whose starting reactions are known to be written, per database. */
const seeded = new WeakMap<Db, Set<number>>();

/**
 * Writes a community's starting reactions (the default "like" and four more) unless it has reactions
 * already: the demo community, every new community and every community from before reactions get them
 * on their first read, so there is always a default reaction.
 */
export async function ensureStartingReactions(
  deps: Deps & { storage?: FileStorage },
  stack: Stack,
): Promise<void> {
  const known = seeded.get(deps.db) ?? new Set<number>();
  seeded.set(deps.db, known);
  if (known.has(stack.stackId)) return;
  if (!(await repo.hasReactions(deps.db, stack.stackId))) {
    const storage = deps.storage ?? createFileStorage(deps.config);
    const rows = [];
    for (const r of DEFAULT_REACTIONS) {
      rows.push({ ...r, image: await storeSvg({ config: deps.config, storage }, stack, r.svg) });
    }
    await repo.insertStartingReactions(deps.db, stack.stackId, rows, deps.clock.now());
  }
  known.add(stack.stackId);
}

/**
 * The reaction a member's vote carries (member-content asks this): with the `reaction` flag off there
 * are no reactions (asking for one is refused); with it on, the one asked for when it exists and is
 * active, else the community's default reaction.
 */
export async function resolveVoteReaction(
  deps: Deps,
  stackId: number,
  requested: number | undefined,
): Promise<number | null> {
  if (!(await hasFeature(deps.db, stackId, 'reaction'))) {
    if (requested !== undefined) await requireFeature(deps.db, stackId, 'reaction');
    return null;
  }
  const stack = await findStack(deps.db, stackId);
  if (stack) await ensureStartingReactions(deps, { stackId, slug: stack.slug });
  const row = await repo.voteReactionOf(deps.db, stackId, requested);
  if (requested !== undefined && (!row || !row.active)) {
    throw AppError.of(400, ReactionErrorCode.reactionUnavailable, REACTION_MESSAGES.unavailable, 'reaction');
  }
  return row?.id ?? null;
}

export function toMemberReaction(row: {
  id: number;
  label: string;
  sentiment: number;
  image: string;
  active: boolean;
}): MemberReaction {
  return { id: row.id, label: row.label, sentiment: row.sentiment, image: row.image, active: row.active };
}

function toReaction(row: repo.ReactionRow & { total: number }): Reaction {
  return {
    id: row.id,
    label: row.label,
    image: row.image,
    sentiment: row.sentiment as ReactionSentiment,
    active: row.active,
    is_default: row.is_default,
    updated_at: row.updated_at.toISOString(),
    updated_by:
      row.updated_by === null ? null : { id: row.updated_by, username: row.updated_by_username ?? '' },
    total: row.total,
  };
}

function cleanLabel(label: string): string {
  const clean = label.trim();
  if (clean === '' || clean.length > REACTION_LABEL_MAX) {
    throw AppError.of(400, ErrorCode.invalid, REACTION_MESSAGES.label, 'label');
  }
  return clean;
}

const notFound = () => AppError.notFound(REACTION_MESSAGES.notFound);

/** Reactions of a community: the console's table and the member API's read-only list. */
export function createReactionsService(deps: PlatformDeps) {
  const { db, clock } = deps;
  const storage = createFileStorage(deps.config);
  const imageDeps = { config: deps.config, storage };

  async function uniqueLabel(stackId: number, label: string, exceptId?: number) {
    if (await repo.labelTaken(db, stackId, label, exceptId)) {
      throw AppError.of(400, ErrorCode.unique, REACTION_MESSAGES.unique, 'label');
    }
  }

  async function one(stackId: number, id: number): Promise<Reaction> {
    const row = (await repo.listReactions(db, stackId)).find((r) => r.id === id);
    if (!row) throw notFound();
    return toReaction(row);
  }

  return {
    async list(stack: Stack): Promise<{ count: number; results: Reaction[] }> {
      await ensureStartingReactions({ ...deps, storage }, stack);
      const rows = await repo.listReactions(db, stack.stackId);
      return { count: rows.length, results: rows.map(toReaction) };
    },

    async add(
      stack: Stack,
      by: Editor,
      body: { label: string; sentiment: ReactionSentiment; active?: boolean; image?: unknown },
    ): Promise<Reaction> {
      await ensureStartingReactions({ ...deps, storage }, stack);
      const label = cleanLabel(body.label);
      await uniqueLabel(stack.stackId, label);
      const image = await storeReactionImage(imageDeps, stack, body.image);
      const id = await repo.insertReaction(
        db,
        stack.stackId,
        { label, image, sentiment: body.sentiment, active: body.active ?? true },
        by,
        clock.now(),
      );
      return one(stack.stackId, id);
    },

    async update(
      stack: Stack,
      by: Editor,
      id: number,
      body: { label?: string; sentiment?: ReactionSentiment; active?: boolean; image?: unknown },
    ): Promise<Reaction> {
      const row = await repo.findReaction(db, stack.stackId, id);
      if (!row) throw notFound();
      if (row.is_default && body.active === false) {
        throw AppError.of(
          400,
          ReactionErrorCode.defaultInactive,
          REACTION_MESSAGES.defaultInactive,
          'active',
        );
      }
      const changes: Parameters<typeof repo.updateReaction>[3] = {};
      if (body.label !== undefined) {
        changes.label = cleanLabel(body.label);
        await uniqueLabel(stack.stackId, changes.label, id);
      }
      if (body.sentiment !== undefined) changes.sentiment = body.sentiment;
      if (body.active !== undefined) changes.active = body.active;
      if (body.image !== undefined && body.image !== '') {
        changes.image = await storeReactionImage(imageDeps, stack, body.image);
      }
      await repo.updateReaction(db, stack.stackId, id, changes, by, clock.now());
      return one(stack.stackId, id);
    },

    /** Makes an active reaction the default (the previous default stays, as an ordinary reaction). */
    async setDefault(stack: Stack, by: Editor, id: number): Promise<Reaction> {
      const row = await repo.findReaction(db, stack.stackId, id);
      if (!row) throw notFound();
      if (!row.active) {
        throw AppError.of(400, ErrorCode.invalid, REACTION_MESSAGES.setDefaultInactive, 'active');
      }
      if (!row.is_default) await repo.setDefaultReaction(db, stack.stackId, id, by, clock.now());
      return one(stack.stackId, id);
    },

    async memberPage(
      stack: Stack,
      query: { search?: string; active?: string; ordering?: string },
      limit: number | undefined,
      offset: number,
    ): Promise<{ count: number; results: MemberReaction[] }> {
      await requireFeature(db, stack.stackId, 'reaction');
      await ensureStartingReactions({ ...deps, storage }, stack);
      const active = query.active === undefined ? undefined : query.active === 'true' || query.active === '1';
      const { count, rows } = await repo.memberReactionPage(
        db,
        stack.stackId,
        { search: query.search, active, ordering: query.ordering },
        limit,
        offset,
      );
      return { count, results: rows.map(toMemberReaction) };
    },

    async memberGet(stack: Stack, id: number): Promise<MemberReaction> {
      await requireFeature(db, stack.stackId, 'reaction');
      await ensureStartingReactions({ ...deps, storage }, stack);
      const row = await repo.findReaction(db, stack.stackId, id);
      if (!row) throw notFound();
      return toMemberReaction(row);
    },

    /** A stored SVG image (PNG and JPG ones are served by the theme's media route). */
    async svgImage(slug: string, file: string): Promise<Buffer | undefined> {
      if (!SVG_FILE.test(file)) return undefined;
      const stack = await findStackBySlug(db, slug);
      return stack ? storage.get(reactionImageKey(stack.id, file)) : undefined;
    },
  };
}

export type ReactionsService = ReturnType<typeof createReactionsService>;
