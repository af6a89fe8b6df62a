import type {
  Tag,
  TagAddressing,
  TagAddressingBody,
  TagObjectList,
  TagObjectType,
  TagType,
  TagWriteBody,
} from '@agora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import { setTagColorInStore, setTagsActiveInStore, updateTagInStore } from '../model/tag-store.ts';
import {
  addTag,
  assignTag,
  orderTag,
  setTagColor,
  setTagsActive,
  taggingKeys,
  updateTag,
  writeAddressing,
} from './tagging-api.ts';

/**
 * Creates a tag, or edits `tag`; the saved tag replaces its row in the tag store, and the pages of
 * its type are asked for again (a new or renamed tag may belong on another page).
 */
export function useSaveTagMutation(tag: Tag | null, callbacks: MutationCallbacks<Tag, TagWriteBody> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: (body: TagWriteBody) => (tag ? updateTag(tag.id, body) : addTag(body)),
    onSuccess: (saved, body) => {
      updateTagInStore(saved);
      void client.invalidateQueries({ queryKey: taggingKeys.list(internalUrl, saved.type) });
      callbacks.onSuccess?.(saved, body);
    },
    onError: callbacks.onError,
  });
}

export interface TagsActiveChange {
  ids: number[];
  active: boolean;
}

/** Switches many tags on or off; the tag store follows once the server agrees. */
export function useSetTagsActiveMutation(callbacks: MutationCallbacks<void, TagsActiveChange> = {}) {
  return useMutation({
    mutationFn: ({ ids, active }: TagsActiveChange) => setTagsActive(ids, active),
    onSuccess: (data, change) => {
      setTagsActiveInStore(change.ids, change.active);
      callbacks.onSuccess?.(data, change);
    },
    onError: callbacks.onError,
  });
}

export interface TagColorChange {
  id: number;
  color: string;
}

/** Recolours one tag of `type`; the store takes the colour the server saved. */
export function useSetTagColorMutation(
  type: TagType,
  callbacks: MutationCallbacks<Tag, TagColorChange> = {},
) {
  return useMutation({
    mutationFn: ({ id, color }: TagColorChange) => setTagColor(id, color),
    onSuccess: (saved, change) => {
      setTagColorInStore(type, change.id, saved.color);
      callbacks.onSuccess?.(saved, change);
    },
    onError: callbacks.onError,
  });
}

export interface TagAssignmentChange {
  tagId: number;
  objectType: TagObjectType;
  ids: number[];
  /** true assigns the tag, false takes it away. */
  on: boolean;
}

/**
 * Assigns a tag to objects or takes it away, at once: the marks on the pages of this tag's elements
 * follow before the server answers, and every tagging answer is asked for again whatever the outcome
 * (the objects' marks and the tags' counts), so a refused change shows as it stands.
 */
export function useAssignTagMutation(callbacks: MutationCallbacks<void, TagAssignmentChange> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: ({ tagId, objectType, ids, on }: TagAssignmentChange) =>
      assignTag(tagId, objectType, ids, on),
    onMutate: async ({ tagId, ids, on }: TagAssignmentChange) => {
      const key = taggingKeys.objectsOf(internalUrl, tagId);
      await client.cancelQueries({ queryKey: key });
      const changed = new Set(ids);
      client.setQueriesData<TagObjectList>({ queryKey: key }, (page) =>
        page
          ? {
              ...page,
              results: page.results.map((o) => (changed.has(o.id) ? { ...o, assigned: on } : o)),
            }
          : page,
      );
    },
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onSettled: () => client.invalidateQueries({ queryKey: taggingKeys.all }),
  });
}

export interface TagOrderChange {
  tagId: number;
  /** The assigned objects' ids, in their new order. */
  ids: number[];
}

/** Orders the contents carrying a tag; every tagging answer is asked for again whatever the outcome. */
export function useOrderTagMutation(callbacks: MutationCallbacks<void, TagOrderChange> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ tagId, ids }: TagOrderChange) => orderTag(tagId, ids),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onSettled: () => client.invalidateQueries({ queryKey: taggingKeys.all }),
  });
}

/** Writes the addressing rules (a new rule, or `{ id, delete: true }`); the rules are asked for again. */
function useWriteAddressingMutation<TVariables>(
  toBody: (variables: TVariables) => TagAddressingBody,
  callbacks: MutationCallbacks<TagAddressing[], TVariables>,
) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: (variables: TVariables) => writeAddressing(toBody(variables)),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onSettled: () => client.invalidateQueries({ queryKey: taggingKeys.addressing(internalUrl) }),
  });
}

/** Adds an addressing rule of user tags. */
export function useAddAddressingMutation(
  callbacks: MutationCallbacks<TagAddressing[], TagAddressingBody> = {},
) {
  return useWriteAddressingMutation((body: TagAddressingBody) => body, callbacks);
}

/** Deletes the addressing rule `id`. */
export function useDeleteAddressingMutation(callbacks: MutationCallbacks<TagAddressing[], number> = {}) {
  return useWriteAddressingMutation((id: number) => ({ id, delete: true }), callbacks);
}
