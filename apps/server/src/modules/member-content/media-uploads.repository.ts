import type { Db } from '../../platform/db/database.ts';
import './media-uploads.tables.ts';

export interface MemberImageRow {
  id: number;
  user_id: number;
  contribution_id: number | null;
  position: number;
  title: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  url: string;
  created_at: Date;
}

const COLUMNS = [
  'id',
  'user_id',
  'contribution_id',
  'position',
  'title',
  'content_type',
  'width',
  'height',
  'bytes',
  'url',
  'created_at',
] as const;

const asRow = (r: Record<string, unknown>): MemberImageRow =>
  ({
    ...r,
    id: Number(r.id),
    contribution_id: r.contribution_id === null ? null : Number(r.contribution_id),
  }) as MemberImageRow;

/** Records a member's uploaded image (not attached to anything yet). */
export async function insertMemberImage(
  db: Db,
  stackId: number,
  image: {
    userId: number;
    title: string;
    hash: string;
    extension: string;
    contentType: string;
    width: number;
    height: number;
    bytes: number;
    url: string;
    at: Date;
  },
): Promise<MemberImageRow> {
  const row = await db
    .insertInto('member_media')
    .values({
      stack_id: stackId,
      user_id: image.userId,
      title: image.title,
      hash: image.hash,
      extension: image.extension,
      content_type: image.contentType,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      url: image.url,
      created_at: image.at,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return asRow(row);
}

/** Which of `ids` are the member's own images not attached to a contribution yet. */
export async function attachableImageIds(
  db: Db,
  stackId: number,
  userId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('member_media')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .where('contribution_id', 'is', null)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** Attaches the member's images to their contribution, in the order given; answers how many. */
export async function attachImages(
  db: Db,
  stackId: number,
  userId: number,
  contributionId: number,
  ids: readonly number[],
): Promise<number> {
  let attached = 0;
  for (const [position, id] of ids.entries()) {
    const result = await db
      .updateTable('member_media')
      .set({ contribution_id: contributionId, position })
      .where('stack_id', '=', stackId)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('contribution_id', 'is', null)
      .executeTakeFirst();
    attached += Number(result.numUpdatedRows);
  }
  return attached;
}

/** The images of contributions, each list in its order. */
export async function imagesOfContributions(
  db: Db,
  stackId: number,
  contributionIds: readonly number[],
): Promise<Map<number, MemberImageRow[]>> {
  const byContribution = new Map<number, MemberImageRow[]>();
  if (contributionIds.length === 0) return byContribution;
  const rows = await db
    .selectFrom('member_media')
    .select(COLUMNS)
    .where('stack_id', '=', stackId)
    .where('contribution_id', 'in', [...contributionIds])
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const raw of rows) {
    const row = asRow(raw);
    const list = byContribution.get(row.contribution_id as number) ?? [];
    list.push(row);
    byContribution.set(row.contribution_id as number, list);
  }
  return byContribution;
}

/** SelfCommunity's Media object of an uploaded image. */
export function imageMediaOf(row: MemberImageRow) {
  return {
    id: row.id,
    added_at: row.created_at.toISOString(),
    type: 'image' as const,
    title: row.title,
    description: '',
    url: row.url,
    image: row.url,
    image_width: row.width,
    image_height: row.height,
    image_mimetype: row.content_type,
    size: row.bytes,
    order: row.position,
    embed: null,
  };
}
