import type { PeopleList } from '../site-api/people-queries.ts';
import type { FeedObjectType } from '../site-api/site-shapes.ts';
import { pageOfSearch } from './address-params.ts';

// What the profile and search pages read from their address, shared by the route table (which the
// first page loads) and the pages (which load on demand).

/** A profile's sections: its contributions, then its people as the follow or connection setting says. */
export type ProfileTab = 'contributions' | PeopleList;

/** The section an address asks for (`?tab=`), the contributions when absent or unknown. */
export function profileTabOfSearch(search: string): ProfileTab {
  const tab = new URLSearchParams(search).get('tab');
  return tab === 'followers' || tab === 'followings' || tab === 'connections' ? tab : 'contributions';
}

export const CONTENT_TYPES: FeedObjectType[] = ['discussion', 'post', 'status'];
export type SearchTab = FeedObjectType | 'people';

/** What a search address asks: the words (`q`), the list (`type`) and its page. */
export function searchOfAddress(search: string): { text: string; type: SearchTab | undefined; page: number } {
  const params = new URLSearchParams(search);
  const type = params.get('type');
  return {
    text: (params.get('q') ?? '').trim().slice(0, 200),
    type:
      type === 'people' || CONTENT_TYPES.includes(type as FeedObjectType) ? (type as SearchTab) : undefined,
    page: pageOfSearch(search),
  };
}
