import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSdkSession, type SdkSession } from './sdk-session.ts';
import { sdk, statusOf } from './sdk.ts';

/**
 * Categories through SelfCommunity's published SDK (issue 13 §1): an admin creates and lists them,
 * a member follows one, posts in it, and finds the post in the category's feed.
 */
let session: SdkSession;
let alice: number;

const as = (userId: number, valid?: string) => session.as(userId, valid);
const asAdmin = () => session.asAdmin();

beforeAll(async () => {
  session = await startSdkSession();
  asAdmin();
  alice = (await sdk.SSOService.SignUp({ username: 'alice', email: 'alice@members.test' })).id;
});
afterAll(() => session?.close());

describe('categories through the SDK', () => {
  let travel: number;

  it('an admin creates categories and everyone lists them; members may not create', async () => {
    asAdmin();
    const created = await sdk.CategoryService.createCategory({
      name: 'Travel',
      slug: '_GENERATE_',
      slogan: 'Where we went',
    });
    expect(created).toMatchObject({ name: 'Travel', slug: 'travel', active: true, auto_follow: 'none' });
    travel = created.id;
    await sdk.CategoryService.createCategory({ name: 'Books', slug: '_GENERATE_' });
    const hidden = await sdk.CategoryService.createCategory({ name: 'Drafts', slug: '_GENERATE_' });
    expect(await sdk.CategoryService.patchASpecificCategory(hidden.id, { active: false })).toMatchObject({
      active: false,
    });

    await as(alice);
    const list = await sdk.CategoryService.getAllCategories();
    expect(list.next).toBeNull();
    expect(list.results.map((c) => c.name)).toEqual(['Books', 'Travel']);
    const found = await sdk.CategoryService.searchCategory({ search: 'trav' });
    expect(found.results.map((c) => c.name)).toEqual(['Travel']);
    expect((await sdk.CategoryService.getSpecificCategory(travel)).slogan).toBe('Where we went');
    expect(await statusOf(sdk.CategoryService.getSpecificCategory(hidden.id))).toBe(404);
    expect(await statusOf(sdk.CategoryService.createCategory({ name: 'Mine' }))).toBe(403);
  });

  it('a member follows a category, posts in it and finds the post in its feed', async () => {
    await as(alice);
    expect(await sdk.CategoryService.followCategory(travel)).toBe('');
    expect(await sdk.CategoryService.checkCategoryIsFollowed(travel)).toEqual({ is_followed: true });
    const followers = await sdk.CategoryService.getCategoryFollowers(travel);
    expect(followers.results.map((u) => u.id)).toEqual([alice]);

    const post = await sdk.FeedObjectService.createFeedObject('post', {
      html: '<p>Two weeks in Sicily</p>',
      categories: [travel],
    });
    const feed = await sdk.CategoryService.getCategoryFeed(travel);
    expect(feed.count).toBe(1);
    expect(feed.results[0]).toMatchObject({ type: 'post', post: { id: post.id } });
    expect((feed.results[0]?.post as { categories: { id: number }[] }).categories[0]?.id).toBe(travel);
  });
});
