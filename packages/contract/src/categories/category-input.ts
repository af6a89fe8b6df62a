import {
  CATEGORY_AUTO_FOLLOW,
  CATEGORY_CONTENT_SORTING,
  CATEGORY_IMAGE_POSITIONS,
  CATEGORY_SEO_DESCRIPTION_MAX,
  CATEGORY_SEO_TITLE_MAX,
  CATEGORY_SLOGAN_MAX,
  CATEGORY_SLUG_MAX,
  CATEGORY_SYNONYMS_MAX,
  CATEGORY_TITLE_MAX,
  type CategoryWriteBody,
} from './category-schemas.ts';

/** Error codes of categories' refusals (besides the shared `required`, `invalid`, `max_length`, `unique`, `not_found`). */
export const CategoryErrorCode = {
  /** 'Error in adding Category' (mgmt §8). */
  addFailed: 'category_add_failed',
  /** 'Error in editing the Category' (mgmt §8). */
  updateFailed: 'category_update_failed',
  /** The category holds contents and no target category to move them to was given. */
  hasContents: 'category_has_contents',
  /** The target of a move is the category itself, or not a category of the community. */
  invalidMoveTarget: 'category_invalid_move_target',
  /** `order_all` must list every category of the community exactly once. */
  invalidOrder: 'category_invalid_order',
  /** Only staff may create contents in this category (member API, 403). */
  staffOnly: 'category_staff_only',
  /** The category is followed by everyone (forced auto-follow): unfollow is refused (member API, 403). */
  forcedFollow: 'category_forced_follow',
  /** The community switched following categories off (`category_follow_enabled`): member API, 403. */
  followDisabled: 'category_follow_disabled',
} as const;

/** Messages of the category calls; the first two are spec mgmt §8 word for word. */
export const CATEGORY_MESSAGES = {
  addError: 'Error in adding Category',
  editError: 'Error in editing the Category',
  titleRequired: 'Title is required.',
  titleTooLong: `Ensure this field has no more than ${CATEGORY_TITLE_MAX} characters.`,
  titleUnique: 'A category with this title already exists.',
  slugInvalid: 'Use only lowercase letters, digits and hyphens.',
  slugTooLong: `Ensure this field has no more than ${CATEGORY_SLUG_MAX} characters.`,
  slugUnique: 'This permalink is already used by another category.',
  sloganTooLong: `Slogan at most ${CATEGORY_SLOGAN_MAX} characters.`,
  seoTitleTooLong: `Ensure this field has no more than ${CATEGORY_SEO_TITLE_MAX} characters.`,
  seoDescriptionTooLong: `Ensure this field has no more than ${CATEGORY_SEO_DESCRIPTION_MAX} characters.`,
  synonymsTooLong: `Ensure this field has no more than ${CATEGORY_SYNONYMS_MAX} characters.`,
  imagePosition: 'Choose top, middle or bottom.',
  autoFollow: 'Choose none, preselection or forced.',
  contentSorting: 'Choose recent, last activity or relevance.',
  notFound: 'This category is not found.',
  hasContents: 'This category has contents: choose another category to move them to before deleting it.',
  invalidMoveTarget: 'Choose another existing category to move the contents to.',
  invalidOrder: 'Order every category of the community, each once.',
  staffOnly: 'Only staff can create contents in this category.',
  forcedFollow: 'Every member follows this category: it cannot be unfollowed.',
  followDisabled: 'Following categories is switched off in this community.',
} as const;

export interface CategoryProblem {
  field: string;
  code: 'required' | 'invalid' | 'max_length' | 'unique';
  message: string;
}

/**
 * The permalink derived from a title: lowercase ASCII letters and digits joined by single hyphens
 * (accents dropped), at most `CATEGORY_SLUG_MAX` characters; "category" when nothing is left.
 */
export function categorySlugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CATEGORY_SLUG_MAX)
    .replace(/-+$/, '');
  return slug === '' ? 'category' : slug;
}

export function isCategorySlug(value: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= CATEGORY_SLUG_MAX;
}

const isOneOf = (list: readonly string[], value: string) => list.includes(value);

/**
 * Checks a category's fields (the console's dialog and the server share these rules). With
 * `partial`, absent fields are not checked (update). Uniqueness is the server's to check.
 */
export function checkCategoryInput(input: CategoryWriteBody, partial = false): CategoryProblem[] {
  const m = CATEGORY_MESSAGES;
  const problems: CategoryProblem[] = [];
  if (!partial || input.name !== undefined) {
    const name = (input.name ?? '').trim();
    // eslint-disable-next-line no-control-regex
    if (name === '' || /[\u0000-\u001f\u007f]/.test(name)) {
      problems.push({ field: 'name', code: 'required', message: m.titleRequired });
    } else if (name.length > CATEGORY_TITLE_MAX) {
      problems.push({ field: 'name', code: 'max_length', message: m.titleTooLong });
    }
  }
  const slug = input.slug?.trim() ?? '';
  if (slug !== '' && !isCategorySlug(slug)) {
    const tooLong = slug.length > CATEGORY_SLUG_MAX;
    problems.push({
      field: 'slug',
      code: tooLong ? 'max_length' : 'invalid',
      message: tooLong ? m.slugTooLong : m.slugInvalid,
    });
  }
  const limits: [keyof CategoryWriteBody, number, string][] = [
    ['slogan', CATEGORY_SLOGAN_MAX, m.sloganTooLong],
    ['seo_title', CATEGORY_SEO_TITLE_MAX, m.seoTitleTooLong],
    ['seo_description', CATEGORY_SEO_DESCRIPTION_MAX, m.seoDescriptionTooLong],
    ['name_synonyms', CATEGORY_SYNONYMS_MAX, m.synonymsTooLong],
  ];
  for (const [field, max, message] of limits) {
    const value = input[field];
    if (typeof value === 'string' && value.trim().length > max) {
      problems.push({ field, code: 'max_length', message });
    }
  }
  const enums: [keyof CategoryWriteBody, readonly string[], string][] = [
    ['image_position', CATEGORY_IMAGE_POSITIONS, m.imagePosition],
    ['auto_follow', CATEGORY_AUTO_FOLLOW, m.autoFollow],
    ['stream_order_by', CATEGORY_CONTENT_SORTING, m.contentSorting],
  ];
  for (const [field, list, message] of enums) {
    const value = input[field];
    if (value !== undefined && (typeof value !== 'string' || !isOneOf(list, value))) {
      problems.push({ field, code: 'invalid', message });
    }
  }
  return problems;
}
