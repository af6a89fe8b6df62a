import type { PageMeta } from './page-title.ts';

function headElement<T extends HTMLElement>(selector: string, create: () => T): T {
  const existing = document.head.querySelector<T>(selector);
  if (existing) return existing;
  const element = create();
  document.head.appendChild(element);
  return element;
}

/** Writes the title, the description meta tag and the canonical link into the document. */
export function applyPageMeta(meta: PageMeta): void {
  document.title = meta.title;
  const description = headElement('meta[name="description"]', () => {
    const element = document.createElement('meta');
    element.name = 'description';
    return element;
  });
  description.content = meta.description;
  const canonical = headElement('link[rel="canonical"]', () => {
    const element = document.createElement('link');
    element.rel = 'canonical';
    return element;
  });
  canonical.href = meta.canonical;
}
