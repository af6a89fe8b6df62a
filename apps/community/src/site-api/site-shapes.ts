import type {
  ContentComment,
  FeedItem,
  FeedObject,
  FeedObjectType,
  MemberNotification,
  MemberNotificationGroup,
} from '@agora/contract';

/** A page of the member API (SelfCommunity's list envelope). */
export interface ApiPage<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export type {
  ContentComment,
  FeedItem,
  FeedObject,
  FeedObjectType,
  MemberNotification,
  MemberNotificationGroup,
};

/** The fields of SelfCommunity's Category object the site shows. */
export interface SiteCategory {
  id: number;
  name: string;
  slug: string;
  slogan: string;
  seo_title: string;
  seo_description: string;
  image_medium: string | null;
  emotional_image_original: string | null;
  followers_counter: number;
  lastmod_datetime?: string;
}

/** A dynamic preference as `dynamic_preference/` lists it. */
export interface PreferenceRow {
  name: string;
  value: unknown;
}

/** The contribution a feed unit carries, whatever its type. */
export function objectOfItem(item: FeedItem): FeedObject | undefined {
  const unit = item as unknown as Record<string, unknown>;
  return (unit[item.type] as FeedObject | undefined) ?? undefined;
}

/** The signed-in member as `user/me/` answers (the fields the site uses). */
export interface SiteMember {
  id: number;
  username: string;
  avatar?: string | null;
  role?: string | null;
  /** The language the member chose ('en' or 'it'), or null. */
  language?: 'en' | 'it' | null;
}

/** A legal page's version as `legal_page/` answers it. */
export interface LegalPage {
  id: number;
  slug: string;
  title: string;
  html_body: string;
}

/** A custom menu of the console (`custom_menu/`), its items in order. */
export interface SiteMenu {
  id: number;
  name: string;
  items: { id: number; label: string; url: string; order: number }[];
}

/** A general page as `custom_page/{slug}/` answers it (the body sanitised by the server at save). */
export interface CustomPage {
  id: number;
  slug: string;
  title: string;
  alternative_url: string | null;
  html_summary: string;
  html_body: string;
}
