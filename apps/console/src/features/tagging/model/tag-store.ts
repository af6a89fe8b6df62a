import type { Tag, TagType } from '@agora/contract';
import { create } from 'zustand';

/** Tags in the client (spec core §3-§4): per type, a map of tag id to tag. */
export interface TagState {
  byType: Record<TagType, Record<number, Tag>>;
}

const empty = (): TagState => ({ byType: { user: {}, category: {}, thread: {} } });

export const useTagStore = create<TagState>()(() => empty());

/** Load tags of a type; with `reset` the type's map is replaced, otherwise merged. */
export function loadTags(type: TagType, tags: Tag[], reset = false): void {
  useTagStore.setState((state) => {
    const next = reset ? {} : { ...state.byType[type] };
    for (const tag of tags) next[tag.id] = tag;
    return { byType: { ...state.byType, [type]: next } };
  });
}

/** Replace one tag (after an update). */
export function updateTagInStore(tag: Tag): void {
  useTagStore.setState((state) => ({
    byType: { ...state.byType, [tag.type]: { ...state.byType[tag.type], [tag.id]: tag } },
  }));
}

export function setTagColorInStore(type: TagType, id: number, color: string): void {
  const tag = useTagStore.getState().byType[type][id];
  if (tag) updateTagInStore({ ...tag, color });
}

/** Set the active flag of many tags (of any type). */
export function setTagsActiveInStore(ids: number[], active: boolean): void {
  const wanted = new Set(ids);
  useTagStore.setState((state) => {
    const byType = { ...state.byType };
    for (const type of Object.keys(byType) as TagType[]) {
      const map = { ...byType[type] };
      for (const id of Object.keys(map).map(Number)) {
        if (wanted.has(id)) map[id] = { ...map[id]!, active };
      }
      byType[type] = map;
    }
    return { byType };
  });
}

export function resetTagStore(): void {
  useTagStore.setState(empty(), true);
}
