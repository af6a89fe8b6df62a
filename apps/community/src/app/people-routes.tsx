import { excerpt } from '../head/page-head.ts';
import { pageOfSearch } from './address-params.ts';
import { lazyPage } from './lazy-page.tsx';
import { CONTENT_TYPES, profileTabOfSearch, searchOfAddress } from './people-address.ts';
import type { SiteRoute } from './site-routes.tsx';

const profilePage = lazyPage(
  'src/pages/profile-page.tsx',
  async () => (await import('../pages/profile-page.tsx')).ProfilePage,
  {},
);
const searchPage = lazyPage(
  'src/pages/search-page.tsx',
  async () => (await import('../pages/search-page.tsx')).SearchPage,
  {},
);

/** The pages of people: a member's profile and the search of people and contents. */
export const PEOPLE_ROUTES: SiteRoute[] = [
  {
    path: '/u/:username',
    element: profilePage.element,
    preload: profilePage.preload,
    source: profilePage.source,
    queries: ({ params, search }, q) => {
      const username = params.username;
      if (!username) return [];
      const tab = profileTabOfSearch(search);
      const page = pageOfSearch(search);
      return [
        q.profile(username),
        tab === 'contributions' ? q.profileFeed(username, page) : q.profilePeople(username, tab, page),
      ];
    },
    head: (input) => {
      const username = input.params.username;
      const profile = username
        ? input.client.getQueryData(input.queries.profile(username).queryKey)
        : undefined;
      if (!profile) {
        const state = username
          ? input.client.getQueryState(input.queries.profile(username).queryKey)
          : undefined;
        const missing = !username || (state?.error as { status?: number } | null | undefined)?.status === 404;
        return {
          title: missing
            ? `${input.intl.formatMessage({ id: 'site.notFound.title' })} · ${input.community}`
            : input.community,
          description: '',
          type: 'website',
        };
      }
      const { user } = profile;
      const name = user.real_name ? `${user.real_name} (@${user.username})` : user.username;
      return {
        title: `${name} · ${input.community}`,
        description: excerpt(
          user.bio ||
            input.intl.formatMessage(
              { id: 'site.profile.description' },
              { name: user.username, community: input.community },
            ),
        ),
        type: 'website',
        ...(user.avatar ? { image: user.avatar } : {}),
      };
    },
  },
  {
    path: '/search',
    element: searchPage.element,
    preload: searchPage.preload,
    source: searchPage.source,
    queries: ({ search }, q) => {
      const { text, type, page } = searchOfAddress(search);
      if (!text) return [];
      return [
        ...CONTENT_TYPES.map((t) => q.searchContents(t, text, t === type ? page : 1)),
        q.searchPeople(text, type === 'people' ? page : 1),
      ];
    },
    head: (input) => {
      const { text } = searchOfAddress(input.search);
      return {
        title: `${
          text
            ? input.intl.formatMessage({ id: 'site.search.titleFor' }, { text })
            : input.intl.formatMessage({ id: 'site.search.title' })
        } · ${input.community}`,
        description: '',
        type: 'website',
      };
    },
  },
];
