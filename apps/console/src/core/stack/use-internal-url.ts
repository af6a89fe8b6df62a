import { useStackStore } from './stack-store.ts';

/**
 * The selected community's internal url ('' when none is selected): the base of every stack call and
 * the part of each area's query keys that keeps one community's answers apart from another's.
 */
export function useInternalUrl(): string {
  return useStackStore((state) => state.selected?.internal_url) ?? '';
}
