import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { IntlShape } from 'react-intl';
import { contributionTitle } from '../components/contribution-link.ts';
import { htmlAsText } from '../components/plain-text.tsx';
import { excerpt, type PageHead } from '../head/page-head.ts';
import { preferenceText, type Preferences, type SiteQueries } from '../site-api/site-queries.ts';
import type { FeedObjectType } from '../site-api/site-shapes.ts';
import { idParam, pageOfSearch } from './address-params.ts';
import { lazyPage, type LazyPage } from './lazy-page.tsx';
import { PEOPLE_ROUTES } from './people-routes.tsx';
import { MESSAGES_ROUTES } from './messages-routes.tsx';

export interface RouteInput {
  params: Record<string, string | undefined>;
  search: string;
}

export interface HeadInput extends RouteInput {
  client: QueryClient;
  queries: SiteQueries;
  preferences: Preferences;
  /** The community's name as members see it. */
  community: string;
  intl: IntlShape;
}

/** A query the server fills before rendering (any of the site's queries). */
export type PageQuery = ReturnType<SiteQueries[keyof SiteQueries]>;

export interface SiteRoute {
  path: string;
  element: ReactElement;
  /** Loads the page's code (pages load on demand); awaited before the route renders. */
  preload?: () => Promise<void>;
  /** The page's module in the site, whose chunk the server names for preloading. */
  source?: string;
  /** The queries the page reads; the server fills them first. The first decides the answer's status. */
  queries(input: RouteInput, queries: SiteQueries): PageQuery[];
  head(input: HeadInput): PageHead;
}

const CONTRIBUTION_TYPES: FeedObjectType[] = ['discussion', 'post', 'status'];

/** A route's page and the code it loads. */
const shown = (page: LazyPage) => ({ element: page.element, preload: page.preload, source: page.source });

// Every page's code loads on demand: the first page carries the frame and its own page only (§4).
const feedPage = (kind: 'home' | 'explore') =>
  shown(
    lazyPage('src/pages/feed-page.tsx', async () => (await import('../pages/feed-page.tsx')).FeedPage, {
      kind,
    }),
  );
const contributionPage = (type: FeedObjectType) =>
  shown(
    lazyPage(
      'src/pages/contribution-page.tsx',
      async () => (await import('../pages/contribution-page.tsx')).ContributionPage,
      { type },
    ),
  );
const NO_PROPS = {};
const PAGES = {
  categories: shown(
    lazyPage(
      'src/pages/categories-page.tsx',
      async () => (await import('../pages/categories-page.tsx')).CategoriesPage,
      NO_PROPS,
    ),
  ),
  category: shown(
    lazyPage(
      'src/pages/category-page.tsx',
      async () => (await import('../pages/category-page.tsx')).CategoryPage,
      NO_PROPS,
    ),
  ),
  notFound: shown(
    lazyPage(
      'src/pages/not-found-page.tsx',
      async () => (await import('../pages/not-found-page.tsx')).NotFoundPage,
      NO_PROPS,
    ),
  ),
  legal: shown(
    lazyPage(
      'src/pages/legal-page.tsx',
      async () => (await import('../pages/legal-page.tsx')).LegalPageView,
      NO_PROPS,
    ),
  ),
  custom: shown(
    lazyPage(
      'src/pages/custom-page.tsx',
      async () => (await import('../pages/custom-page.tsx')).CustomPageView,
      NO_PROPS,
    ),
  ),
  notifications: shown(
    lazyPage(
      'src/pages/notifications-page.tsx',
      async () => (await import('../pages/notifications-page.tsx')).NotificationsPage,
      NO_PROPS,
    ),
  ),
  signIn: shown(
    lazyPage(
      'src/pages/sign-in-page.tsx',
      async () => (await import('../pages/sign-in-page.tsx')).SignInPage,
      NO_PROPS,
    ),
  ),
  signUp: shown(
    lazyPage(
      'src/pages/sign-up-page.tsx',
      async () => (await import('../pages/sign-up-page.tsx')).SignUpPage,
      NO_PROPS,
    ),
  ),
  sso: shown(
    lazyPage('src/pages/sso-page.tsx', async () => (await import('../pages/sso-page.tsx')).SsoPage, NO_PROPS),
  ),
  verifyEmail: shown(
    lazyPage(
      'src/pages/account-code-pages.tsx',
      async () => (await import('../pages/account-code-pages.tsx')).VerifyEmailPage,
      NO_PROPS,
    ),
  ),
  forgotPassword: shown(
    lazyPage(
      'src/pages/account-code-pages.tsx',
      async () => (await import('../pages/account-code-pages.tsx')).ForgotPasswordPage,
      NO_PROPS,
    ),
  ),
  resetPassword: shown(
    lazyPage(
      'src/pages/account-code-pages.tsx',
      async () => (await import('../pages/account-code-pages.tsx')).ResetPasswordPage,
      NO_PROPS,
    ),
  ),
};

function homeDescription(input: HeadInput): string {
  return (
    preferenceText(input.preferences, 'meta_description') ||
    preferenceText(input.preferences, 'application_slogan1')
  );
}

function contributionRoute(type: FeedObjectType): SiteRoute {
  return {
    path: `/${type}/:id/:slug?`,
    ...contributionPage(type),
    queries: ({ params }, q) => {
      const id = idParam(params.id);
      return id === undefined ? [] : [q.contribution(type, id), q.comments(type, id)];
    },
    head: (input) => {
      const id = idParam(input.params.id);
      const object =
        id === undefined
          ? undefined
          : input.client.getQueryData(input.queries.contribution(type, id).queryKey);
      if (!object) return { title: input.community, description: homeDescription(input), type: 'website' };
      return {
        title: `${contributionTitle(object, 70)} · ${input.community}`,
        description: excerpt(htmlAsText(object.summary || object.html)),
        type: 'article',
      };
    },
  };
}

/** A page of a form (sign-up, account codes): nothing to fill on the server, titled by a message. */
function formRoute(path: string, page: ReturnType<typeof shown>, titleId: string): SiteRoute {
  return {
    path,
    ...page,
    queries: () => [],
    head: (input) => ({
      title: `${input.intl.formatMessage({ id: titleId })} · ${input.community}`,
      description: homeDescription(input),
      type: 'website',
    }),
  };
}

/** Every page of the member site, in the order the router tries them. */
export const SITE_ROUTES: SiteRoute[] = [
  {
    path: '/',
    ...feedPage('home'),
    queries: ({ search }, q) => [q.visitorHome(pageOfSearch(search))],
    head: (input) => ({
      title: preferenceText(input.preferences, 'meta_title_home_not_logged') || input.community,
      description: homeDescription(input),
      type: 'website',
    }),
  },
  {
    path: '/explore',
    ...feedPage('explore'),
    queries: ({ search }, q) => [q.exploreFeed(pageOfSearch(search))],
    head: (input) => ({
      title: `${input.intl.formatMessage({ id: 'site.explore.title' })} · ${input.community}`,
      description: homeDescription(input),
      type: 'website',
    }),
  },
  {
    path: '/categories',
    ...PAGES.categories,
    queries: (_input, q) => [q.categories()],
    head: (input) => ({
      title: `${input.intl.formatMessage({ id: 'site.categories.title' })} · ${input.community}`,
      description: homeDescription(input),
      type: 'website',
    }),
  },
  {
    path: '/category/:id/:slug?',
    ...PAGES.category,
    queries: ({ params, search }, q) => {
      const id = idParam(params.id);
      return id === undefined ? [] : [q.category(id), q.categoryFeed(id, pageOfSearch(search))];
    },
    head: (input) => {
      const id = idParam(input.params.id);
      const category =
        id === undefined ? undefined : input.client.getQueryData(input.queries.category(id).queryKey);
      if (!category) return { title: input.community, description: homeDescription(input), type: 'website' };
      return {
        title: category.seo_title || `${category.name} · ${input.community}`,
        description: category.seo_description || category.slogan || homeDescription(input),
        type: 'website',
        ...(category.emotional_image_original ? { image: category.emotional_image_original } : {}),
      };
    },
  },
  ...CONTRIBUTION_TYPES.map(contributionRoute),
  ...(
    [
      ['/signup', PAGES.signUp, 'site.signUp'],
      ['/verify-email', PAGES.verifyEmail, 'site.verify.title'],
      ['/forgot-password', PAGES.forgotPassword, 'site.recover.title'],
      ['/reset-password', PAGES.resetPassword, 'site.reset.title'],
    ] as const
  ).map(([path, element, titleId]) => formRoute(path, element, titleId)),
  formRoute('/notifications', PAGES.notifications, 'site.notifications.title'),
  formRoute('/sso', PAGES.sso, 'site.sso.title'),
  {
    path: '/pages/:slug',
    ...PAGES.custom,
    queries: ({ params }, q) =>
      params.slug && /^[a-z0-9-]+$/.test(params.slug) ? [q.customPage(params.slug)] : [],
    head: (input) => {
      const page = input.params.slug
        ? input.client.getQueryData(input.queries.customPage(input.params.slug).queryKey)
        : undefined;
      return {
        title: `${page?.title ?? input.intl.formatMessage({ id: 'site.notFound.title' })} · ${input.community}`,
        description: page ? excerpt(htmlAsText(page.html_summary || page.html_body)) : '',
        type: 'website',
      };
    },
  },
  {
    path: '/legal/:slug',
    ...PAGES.legal,
    queries: (_input, q) => [q.legalPages()],
    head: (input) => {
      const page = input.client
        .getQueryData(input.queries.legalPages().queryKey)
        ?.find((p) => p.slug === input.params.slug);
      return {
        title: `${page?.title ?? input.intl.formatMessage({ id: 'site.notFound.title' })} · ${input.community}`,
        description: page ? excerpt(htmlAsText(page.html_body)) : '',
        type: 'website',
      };
    },
  },
  {
    path: '/signin',
    ...PAGES.signIn,
    queries: () => [],
    head: (input) => ({
      title: `${input.intl.formatMessage({ id: 'site.signIn' })} · ${input.community}`,
      description: homeDescription(input),
      type: 'website',
    }),
  },
  ...PEOPLE_ROUTES,
  ...MESSAGES_ROUTES,
  {
    path: '*',
    ...PAGES.notFound,
    queries: () => [],
    head: (input) => ({
      title: `${input.intl.formatMessage({ id: 'site.notFound.title' })} · ${input.community}`,
      description: '',
      type: 'website',
    }),
  },
];
