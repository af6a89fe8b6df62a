import type { Locale } from '@agora/contract';
import { create } from 'zustand';
import type { Catalogue } from './catalogue.ts';

/**
 * A language's messages come in two chunks, fetched on demand (ADR 0014): `start` holds what the
 * screens before the layout say (sign-in with its code step, SSO, not found, the crash screen) and
 * `areas` everything the layout and the areas say. So the first screen carries one language's
 * start messages only.
 */
export type MessagePart = 'start' | 'areas';

const LOADERS: Record<Locale, Record<MessagePart, () => Promise<{ default: Catalogue }>>> = {
  en: { start: () => import('./catalogue-en-start.ts'), areas: () => import('./catalogue-en-areas.ts') },
  it: { start: () => import('./catalogue-it-start.ts'), areas: () => import('./catalogue-it-areas.ts') },
};

interface MessageState {
  /** Per locale, the parts loaded so far merged into one catalogue (react-intl renders from it). */
  catalogues: Partial<Record<Locale, Catalogue>>;
  loaded: Partial<Record<Locale, readonly MessagePart[]>>;
  /** Once a screen has needed the areas' messages, every language loaded from then on brings them. */
  needed: readonly MessagePart[];
}

export const useMessageStore = create<MessageState>()(() => ({
  catalogues: {},
  loaded: {},
  needed: ['start'],
}));

const pending = new Map<string, Promise<void>>();

function loadPart(locale: Locale, part: MessagePart): Promise<void> {
  if (useMessageStore.getState().loaded[locale]?.includes(part)) return Promise.resolve();
  const key = `${locale}:${part}`;
  let loading = pending.get(key);
  if (!loading) {
    loading = LOADERS[locale][part]().then(
      ({ default: messages }) => {
        pending.delete(key);
        useMessageStore.setState((state) => ({
          catalogues: { ...state.catalogues, [locale]: { ...state.catalogues[locale], ...messages } },
          loaded: { ...state.loaded, [locale]: [...(state.loaded[locale] ?? []), part] },
        }));
      },
      (error: unknown) => {
        pending.delete(key);
        throw error;
      },
    );
    pending.set(key, loading);
  }
  return loading;
}

/** Loads what the console needs now of `locale`'s messages; a failed load may be tried again. */
export async function loadMessages(locale: Locale): Promise<void> {
  await Promise.all(useMessageStore.getState().needed.map((part) => loadPart(locale, part)));
}

/** From now on the areas' messages are needed too (the layout is about to show): loads them for `locale`. */
export async function loadAreaMessages(locale: Locale): Promise<void> {
  if (!useMessageStore.getState().needed.includes('areas')) {
    useMessageStore.setState((state) => ({ needed: [...state.needed, 'areas'] }));
  }
  await loadMessages(locale);
}

/** Whether `locale` can be shown at once: every part needed now is loaded. */
export function hasMessages(locale: Locale): boolean {
  const { loaded, needed } = useMessageStore.getState();
  return needed.every((part) => loaded[locale]?.includes(part));
}
