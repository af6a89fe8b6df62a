import {
  reactionListSchema,
  reactionPaths,
  reactionSchema,
  type Reaction,
  type ReactionList,
  type ReactionSentiment,
} from '@agora/contract';
import { apiData } from '../../../core/http/api-client.ts';

/** Query keys of the reactions area, per community (internal_url). */
export const reactionKeys = {
  all: ['reactions'] as const,
  list: (internalUrl: string) => [...reactionKeys.all, 'list', internalUrl] as const,
};

/** What the add / edit dialog sends; only the fields given change, an image replaces the previous one. */
export interface ReactionChange {
  label?: string;
  sentiment?: ReactionSentiment;
  active?: boolean;
  image?: File;
}

const withId = (path: string, id: number) => path.replace(':id', String(id));

function formOf(change: ReactionChange): FormData {
  const body = new FormData();
  if (change.label !== undefined) body.set('label', change.label);
  if (change.sentiment !== undefined) body.set('sentiment', String(change.sentiment));
  if (change.active !== undefined) body.set('active', String(change.active));
  if (change.image) body.set('image', change.image, change.image.name);
  return body;
}

export async function fetchReactions(): Promise<ReactionList> {
  return reactionListSchema.parse(await apiData<unknown>({ target: 'stack', path: reactionPaths.list }));
}

export async function addReaction(change: ReactionChange): Promise<Reaction> {
  return reactionSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: reactionPaths.add,
      body: formOf(change),
    }),
  );
}

export async function updateReaction(id: number, change: ReactionChange): Promise<Reaction> {
  return reactionSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: withId(reactionPaths.update, id),
      body: formOf(change),
    }),
  );
}

export async function setDefaultReaction(id: number): Promise<Reaction> {
  return reactionSchema.parse(
    await apiData<unknown>({ target: 'stack', method: 'POST', path: withId(reactionPaths.setDefault, id) }),
  );
}
