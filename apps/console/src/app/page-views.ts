/** Page views for a tag manager (spec core §2), only when a tag id is configured. */
export type DataLayer = Record<string, unknown>[];

export interface PageViewLocation {
  pathname: string;
  search: string;
}

export function readTagManagerId(doc: Document): string | null {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="agora-gtm-id"]')?.content.trim();
  return content ? content : null;
}

/** Pushes one page view; returns the data layer it pushed to. */
export function pushPageView(target: { dataLayer?: DataLayer }, location: PageViewLocation): DataLayer {
  const dataLayer = (target.dataLayer ??= []);
  dataLayer.push({ event: 'pageview', page: location.pathname + location.search });
  return dataLayer;
}

/** Adds the tag manager script once. */
export function installTagManager(doc: Document, target: { dataLayer?: DataLayer }, id: string): void {
  if (doc.getElementById('agora-gtm')) return;
  const dataLayer = (target.dataLayer ??= []);
  dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = doc.createElement('script');
  script.id = 'agora-gtm';
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  doc.head.appendChild(script);
}
