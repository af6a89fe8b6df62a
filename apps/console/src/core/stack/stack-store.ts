import type { Stack, StaffRole } from '@agora/contract';
import { create } from 'zustand';
import { readStoredJson, writeStoredJson } from '../tab-sync/local-storage-json.ts';

export const STACK_STORAGE_KEY = 'agora:stack';

/** The community the console is working on; its internal_url is the base of every stack call. */
export interface SelectedStack {
  id: number;
  internal_url: string;
  roles: StaffRole[];
  communityName: string;
  token: string | null;
}

export interface StackState {
  selected: SelectedStack | null;
}

function isSelectedStack(value: unknown): value is SelectedStack {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<SelectedStack>;
  return typeof candidate.id === 'number' && typeof candidate.internal_url === 'string';
}

export function selectedFromStack(stack: Stack): SelectedStack {
  return {
    id: stack.id,
    internal_url: stack.internal_url,
    roles: stack.roles,
    communityName: stack.communityName,
    token: stack.token,
  };
}

function initialStack(): StackState {
  const stored = readStoredJson(STACK_STORAGE_KEY);
  return { selected: isSelectedStack(stored) ? stored : null };
}

export const useStackStore = create<StackState>()(() => initialStack());

export function setStack(stack: Stack): void {
  useStackStore.setState({ selected: selectedFromStack(stack) });
}

/** Merges fresh fields (e.g. a renamed community) into the selected stack. */
export function mergeStack(stack: Stack): void {
  const current = useStackStore.getState().selected;
  if (!current || current.id !== stack.id) return;
  const next = selectedFromStack(stack);
  if (JSON.stringify(next) !== JSON.stringify(current)) useStackStore.setState({ selected: next });
}

export function setStackTokenAndRoles(token: string | null, roles: StaffRole[]): void {
  const current = useStackStore.getState().selected;
  if (current) useStackStore.setState({ selected: { ...current, token, roles } });
}

export function clearStack(): void {
  useStackStore.setState({ selected: null });
}

export function reloadStackFromStorage(): void {
  useStackStore.setState(initialStack(), true);
}

useStackStore.subscribe((state, previous) => {
  if (state.selected !== previous.selected) writeStoredJson(STACK_STORAGE_KEY, state.selected);
});
