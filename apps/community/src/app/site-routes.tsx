import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { IntlShape } from 'react-intl';
import { contributionTitle } from '../components/contribution-link.ts';
import { htmlAsText } from '../components/plain-text.tsx';
import { excerpt, type PageHead } from '../head/page-head.ts';
import { CategoriesPage } from '../pages/categories-page.tsx';
import { CategoryPage } from '../pages/category-page.tsx';
import { ContributionPage, idParam } from '../pages/contribution-page.tsx';
import { FeedPage } from '../pages/feed-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import {
  ForgotPasswordPage,
  ResetPasswordPage,
  SignInPage,
  SignUpPage,
  SsoPage,
  VerifyEmailPage,
} from '../components/lazy-parts.tsx';
import { LegalPageView } from '../pages/legal-page.tsx';
import { CustomPageView } from '../pages/custom-page.tsx';
import { NotificationsPage } from '../pages/notifications-page.tsx';
import { preferenceText, type Preferences, type SiteQueries } from '../site-api/site-queries.ts';
import type { FeedObjectType } from '../site-api/site-shapes.ts';
import { pageOfSearch } from '../components/feed-list.tsx';
import { PEOPLE_ROUTES } from './people-routes.tsx';

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
  /** The queries the page reads; the server fills them first. The first decides the answer's status. */
  queries(input: RouteInput, queries: SiteQueries): PageQuery[];
  head(input: HeadInput): PageHead;
}

const CONTRIBUTION_TYPES: FeedObjectType[] = ['discussion', 'post', 'status'];

function homeDescription(input: HeadInput): string {
  return (
    preferenceText(input.preferences, 'meta_description') ||
    preferenceText(input.preferences, 'application_slogan1')
  );
}

function contributionRoute(type: FeedObjectType): SiteRoute {
  return {
    path: `/${type}/:id/:slug?`,
    element: <ContributionPage type={type} />,
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
function formRoute(path: string, element: ReactElement, titleId: string): SiteRoute {
  return {
    path,
    element,
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
    element: <FeedPage kind="home" />,
    queries: ({ search }, q) => [q.visitorHome(pageOfSearch(search))],
    head: (input) => ({
      title: preferenceText(input.preferences, 'meta_title_home_not_logged') || input.community,
      description: homeDescription(input),
      type: 'website',
    }),
  },
  {
    path: '/explore',
    element: <FeedPage kind="explore" />,
    queries: ({ search }, q) => [q.exploreFeed(pageOfSearch(search))],
    head: (input) => ({
      title: `${input.intl.formatMessage({ id: 'site.explore.title' })} · ${input.community}`,
      description: homeDescription(input),
      type: 'website',
    }),
  },
  {
    path: '/categories',
    element: <CategoriesPage />,
    queries: (_input, q) => [q.categories()],
    head: (input) => ({
      title: `${input.intl.formatMessage({ id: 'site.categories.title' })} · ${input.community}`,
      description: homeDescription(input),
      type: 'website',
    }),
  },
  {
    path: '/category/:id/:slug?',
    element: <CategoryPage />,
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
      ['/signup', <SignUpPage />, 'site.signUp'],
      ['/verify-email', <VerifyEmailPage />, 'site.verify.title'],
      ['/forgot-password', <ForgotPasswordPage />, 'site.recover.title'],
      ['/reset-password', <ResetPasswordPage />, 'site.reset.title'],
    ] as const
  ).map(([path, element, titleId]) => formRoute(path, element, titleId)),
  formRoute('/notifications', <NotificationsPage />, 'site.notifications.title'),
  formRoute('/sso', <SsoPage />, 'site.sso.title'),
  {
    path: '/pages/:slug',
    element: <CustomPageView />,
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
    element: <LegalPageView />,
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
    element: <SignInPage />,
    queries: () => [],
    head: (input) => ({
      title: `${input.intl.formatMessage({ id: 'site.signIn' })} · ${input.community}`,
      description: homeDescription(input),
      type: 'website',
    }),
  },
  ...PEOPLE_ROUTES,
  {
    path: '*',
    element: <NotFoundPage />,
    queries: () => [],
    head: (input) => ({
      title: `${input.intl.formatMessage({ id: 'site.notFound.title' })} · ${input.community}`,
      description: '',
      type: 'website',
    }),
  },
];
