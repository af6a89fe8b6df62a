import {
  categorySlugOf,
  type Category,
  type CategoryAutoFollow,
  type CategoryContentSorting,
  type CategoryImagePosition,
  type CategoryWriteBody,
} from '@agora/contract';

/** The dialog's fields while they are edited. */
export interface CategoryDraft {
  name: string;
  name_synonyms: string;
  slug: string;
  /** The permalink was typed by hand: it no longer follows the title. */
  slugEdited: boolean;
  slogan: string;
  content_only_staff: boolean;
  stream_order_by: CategoryContentSorting;
  auto_follow: CategoryAutoFollow;
  active: boolean;
  seo_title: string;
  seo_description: string;
  image_position: CategoryImagePosition;
}

/** A new category starts enabled, open to everyone, recent first, with no auto-follow. */
export function draftOf(category: Category | null): CategoryDraft {
  return {
    name: category?.name ?? '',
    name_synonyms: category?.name_synonyms ?? '',
    slug: category?.slug ?? '',
    // An existing permalink stays what it is (links to it are out there) unless edited.
    slugEdited: category !== null,
    slogan: category?.slogan ?? '',
    content_only_staff: category?.content_only_staff ?? false,
    stream_order_by: category?.stream_order_by ?? 'recent',
    auto_follow: category?.auto_follow ?? 'none',
    active: category?.active ?? true,
    seo_title: category?.seo_title ?? '',
    seo_description: category?.seo_description ?? '',
    image_position: category?.image_position ?? 'middle',
  };
}

/** The title changed: the permalink follows it until it is edited by hand. */
export function withName(draft: CategoryDraft, name: string): CategoryDraft {
  return { ...draft, name, slug: draft.slugEdited ? draft.slug : name.trim() ? categorySlugOf(name) : '' };
}

/** What is sent: an untouched permalink of a new category is left to the server to derive (unique). */
export function bodyOf(draft: CategoryDraft): CategoryWriteBody {
  const { slugEdited, ...fields } = draft;
  return { ...fields, name: fields.name.trim(), slug: slugEdited ? fields.slug.trim() : '' };
}
