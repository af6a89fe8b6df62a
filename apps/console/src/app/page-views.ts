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

/**
 * The container that receives page views: the selected community's own `tag_manager_container_id`
 * preference when it has one, else the deployment's (meta agora-gtm-id), else none.
 */
export function chooseTagManagerId(communityId: unknown, deploymentId: string | null): string | null {
  const own = typeof communityId === 'string' ? communityId.trim().toUpperCase() : '';
  return TAG_MANAGER_ID.test(own) ? own : deploymentId;
}

/** A container id as Google Tag Manager gives them (GTM-XXXXXXX); anything else is ignored. */
export const TAG_MANAGER_ID = /^GTM-[A-Z0-9]{4,12}$/;

export interface CommunityTagState {
  /** A community is selected and the user is signed in: its preference decides. */
  selected: boolean;
  /** Its preference is known (loaded), or loading it ended without an answer. */
  settled: boolean;
  value: unknown;
}

/**
 * The container for the current page view, or undefined while the selected community's preference
 * is still loading (so the first page view goes to the right container, once).
 */
export function pageViewTagId(
  community: CommunityTagState,
  deploymentId: string | null,
): string | null | undefined {
  if (!community.selected) return deploymentId;
  if (!community.settled) return undefined;
  return chooseTagManagerId(community.value, deploymentId);
}

/** Pushes one page view; returns the data layer it pushed to. */
export function pushPageView(target: { dataLayer?: DataLayer }, location: PageViewLocation): DataLayer {
  const dataLayer = (target.dataLayer ??= []);
  dataLayer.push({ event: 'pageview', page: location.pathname + location.search });
  return dataLayer;
}

/** Adds a container's tag manager script once (a community with its own container adds its own). */
export function installTagManager(doc: Document, target: { dataLayer?: DataLayer }, id: string): void {
  const elementId = `agora-gtm-${id}`;
  if (doc.getElementById(elementId)) return;
  const dataLayer = (target.dataLayer ??= []);
  dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = doc.createElement('script');
  script.id = elementId;
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  doc.head.appendChild(script);
}
