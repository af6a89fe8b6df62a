import { categorySlugOf, type Category } from '@agora/contract';

/** A category as the server answers it, enabled and without images. */
export function categoryFixture(id: number, name: string, extra: Partial<Category> = {}): Category {
  return {
    id,
    name,
    name_synonyms: '',
    slug: categorySlugOf(name),
    slogan: '',
    seo_title: '',
    seo_description: '',
    image_url: null,
    image_position: 'middle',
    thumbnail_url: null,
    auto_follow: 'none',
    active: true,
    order: id,
    content_only_staff: false,
    stream_order_by: 'recent',
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    contents_count: 0,
    followers_count: 0,
    ...extra,
  };
}
