import { lazyPage } from './lazy-page.tsx';
import type { HeadInput, SiteRoute } from './site-routes.tsx';

const messagesPage = lazyPage(
  'src/pages/messages-page.tsx',
  async () => (await import('../pages/messages-page.tsx')).MessagesPage,
  {},
);
const threadPage = lazyPage(
  'src/pages/message-thread-page.tsx',
  async () => (await import('../pages/message-thread-page.tsx')).MessageThreadPage,
  {},
);
const loyaltyPage = lazyPage(
  'src/pages/loyalty-page.tsx',
  async () => (await import('../pages/loyalty-page.tsx')).LoyaltyPage,
  {},
);

/** A member-only page's head: its title; nothing to prefetch (a visitor is asked to sign in). */
const head = (titleId: string, values?: Record<string, string>) => (input: HeadInput) => ({
  title: `${input.intl.formatMessage({ id: titleId }, values)} · ${input.community}`,
  description: '',
  type: 'website' as const,
});

/** The member's own pages (loaded on demand): private messages and loyalty points. */
export const MESSAGES_ROUTES: SiteRoute[] = [
  {
    path: '/messages',
    element: messagesPage.element,
    preload: messagesPage.preload,
    source: messagesPage.source,
    queries: () => [],
    head: head('site.messages.title'),
  },
  {
    path: '/messages/:username',
    element: threadPage.element,
    preload: threadPage.preload,
    source: threadPage.source,
    queries: () => [],
    head: (input) => head('site.messages.withTitle', { name: input.params.username ?? '' })(input),
  },
  {
    path: '/loyalty',
    element: loyaltyPage.element,
    preload: loyaltyPage.preload,
    source: loyaltyPage.source,
    queries: () => [],
    head: head('site.loyalty.title'),
  },
];
