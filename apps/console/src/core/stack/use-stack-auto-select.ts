import type { Stack } from '@agora/contract';
import { useEffect } from 'react';
import { clearStack, mergeStack, setStack, useStackStore } from './stack-store.ts';

/** The stack to select from a fresh list: keep the current one while it is listed, else the first. */
export function stackToSelect(stacks: readonly Stack[], selectedId: number | null): Stack | null {
  return stacks.find((stack) => stack.id === selectedId) ?? stacks[0] ?? null;
}

export function useStackAutoSelect(stacks: readonly Stack[] | undefined): void {
  const selectedId = useStackStore((state) => state.selected?.id ?? null);
  useEffect(() => {
    if (!stacks) return;
    const next = stackToSelect(stacks, selectedId);
    if (!next) {
      if (selectedId !== null) clearStack();
      return;
    }
    if (next.id === selectedId) mergeStack(next);
    else setStack(next);
  }, [stacks, selectedId]);
}
