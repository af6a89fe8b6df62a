import { use, type ComponentType, type ReactElement } from 'react';

/** A page whose code loads on demand: the route table keeps only this, not the page's components. */
export interface LazyPage {
  element: ReactElement;
  /** The page's module in the site (`src/pages/feed-page.tsx`): the server preloads its chunk. */
  source: string;
  /** Loads the page's code; the server and the browser await it before rendering its route. */
  preload(): Promise<void>;
}

/**
 * A page loaded on first use. Once loaded it renders at once (no Suspense fallback), which is what lets
 * the server render it and the browser hydrate it without a mismatch: both preload the matched route
 * first. A navigation to a page not yet loaded suspends to the layout's boundary meanwhile.
 */
export function lazyPage<P extends object>(
  source: string,
  load: () => Promise<ComponentType<P>>,
  props: P,
): LazyPage {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then((component) => {
      loaded = component;
    }));
  function Page() {
    if (!loaded) use(preload());
    const Loaded = loaded as ComponentType<P>;
    return <Loaded {...props} />;
  }
  return { element: <Page />, preload, source };
}
