/** Page titles and meta (spec core §2). Titles are the same English text in every locale. */
export const PRODUCT_NAME = 'Agora';

interface TitleEntry {
  title: string;
  description?: string;
  /** Stack pages are followed by ' | {stack name}'. */
  stack?: boolean;
}

export const DEFAULT_TITLE: TitleEntry = {
  title: 'Console',
  description: 'The administration console of your community',
};

const TITLES: Record<string, TitleEntry> = {
  signin: { title: 'Login', description: 'Login your Community platform' },
  signup: { title: 'Signup', description: 'Start now your 30 days free trial' },
  recover: { title: 'Recover' },
  account: { title: 'Account' },
  'account.billing': { title: 'Billing' },
  'account.plans': { title: 'Plans' },
  billing: { title: 'Billing' },
  plans: { title: 'Plans' },
  theme: { title: 'Theme', stack: true },
  content_settings: { title: 'Content settings', stack: true },
  community_management: { title: 'Community management', stack: true },
  integrations: { title: 'Integrations', stack: true },
  social_analytics: { title: 'Social analytics', stack: true },
  marketing_tools: { title: 'Marketing tools', stack: true },
  app_settings: { title: 'App settings', stack: true },
  settings: { title: 'Domain and email server', stack: true },
  registration_alerts: { title: 'Registration alerts', stack: true },
  checks: { title: 'Readiness checks', stack: true },
  hub: { title: 'Hub' },
  staff: { title: 'Staff roles', stack: true },
  management: { title: 'Tagging', stack: true },
  audit_log: { title: 'Audit log', stack: true },
  users: { title: 'Registration approval', stack: true },
  moderation: { title: 'Moderation', stack: true },
  scoring: { title: 'Users scoring', stack: true },
  categories: { title: 'Categories', stack: true },
  reactions: { title: 'Reactions', stack: true },
  pages: { title: 'Pages', stack: true },
  media: { title: 'Media library', stack: true },
};

/** 'theme/logo' → ['theme', 'logo']; empty and numeric segments are skipped. */
export function titleKeySegments(pathname: string): string[] {
  return pathname
    .split('/')
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '' && !/^\d+$/.test(segment));
}

/** The entry for the longest known prefix of the path's segments, else the default. */
export function findTitleEntry(pathname: string): TitleEntry {
  const segments = titleKeySegments(pathname);
  for (let length = segments.length; length > 0; length -= 1) {
    const entry = TITLES[segments.slice(0, length).join('.')];
    if (entry) return entry;
  }
  return DEFAULT_TITLE;
}

export function pageTitle(pathname: string, stackName?: string | null): string {
  // A community's home is titled with its name.
  if (titleKeySegments(pathname).length === 0 && stackName) return stackName;
  const entry = findTitleEntry(pathname);
  return entry.stack && stackName ? `${entry.title} | ${stackName}` : entry.title;
}

export function documentTitle(title: string): string {
  return title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
}

export function buildPageMeta(pathname: string, origin: string, stackName?: string | null): PageMeta {
  const entry = findTitleEntry(pathname);
  return {
    title: documentTitle(pageTitle(pathname, stackName)),
    description: entry.description ?? DEFAULT_TITLE.description ?? '',
    canonical: origin + pathname,
  };
}
