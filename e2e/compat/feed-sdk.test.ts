import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSdkSession, type SdkSession } from './sdk-session.ts';
import { sdk, statusOf } from './sdk.ts';

/**
 * Feeds through SelfCommunity's published SDK (issue 13 §2, §8): a member follows a category, posts in
 * it and finds the post in the category's feed and in the home feed; another member's post there is
 * unseen until the member marks it read.
 */
type Unit = { type: 'post' | 'discussion' | 'status'; seen?: boolean } & Record<string, unknown>;
interface FeedPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: Unit[];
}
interface FeedSdk {
  getMainFeed(params?: Record<string, unknown>): Promise<FeedPage>;
  getExploreFeed(params?: Record<string, unknown>): Promise<FeedPage>;
  getMainFeedUnseenCount(): Promise<{ total: number }>;
  markReadASpecificFeedObj(object: number[]): Promise<unknown>;
}
const feeds = (sdk as unknown as { FeedService: FeedSdk }).FeedService;
const idOf = (u: Unit) => (u[u.type] as { id: number }).id;

let session: SdkSession;
let alice: number;
let bob: number;

const as = (userId: number, valid?: string) => session.as(userId, valid);
const asAdmin = () => session.asAdmin();

beforeAll(async () => {
  session = await startSdkSession();
  asAdmin();
  alice = (await sdk.SSOService.SignUp({ username: 'alice', email: 'alice@members.test' })).id;
  bob = (await sdk.SSOService.SignUp({ username: 'bob', email: 'bob@members.test' })).id;
});
afterAll(() => session?.close());

describe('feeds through the SDK', () => {
  it('a member follows a category, posts in it and finds the post in its feed and the home feed', async () => {
    asAdmin();
    const garden = (await sdk.CategoryService.createCategory({ name: 'Garden', slug: '_GENERATE_' })).id;
    await as(alice);
    expect(await sdk.CategoryService.followCategory(garden)).toBe('');
    const post = await sdk.FeedObjectService.createFeedObject('post', {
      html: '<p>Tomatoes are in</p>',
      categories: [garden],
    });
    const category = await sdk.CategoryService.getCategoryFeed(garden);
    expect(category.results.map((u) => idOf(u as Unit))).toEqual([post.id]);

    const home = await feeds.getMainFeed({ limit: 10 });
    expect(home).toMatchObject({ count: 1, next: null, previous: null });
    expect(home.results[0]).toMatchObject({ type: 'post', post: { id: post.id }, seen: false });
    const explore = await feeds.getExploreFeed({ ordering: 'recent' });
    expect(explore.results.map(idOf)).toContain(post.id);
  });

  it("another member's post in the followed category is unseen until it is marked read", async () => {
    const garden = (await sdk.CategoryService.getAllCategories()).results.find(
      (c) => c.name === 'Garden',
    ) as { id: number };
    await as(bob);
    const theirs = await sdk.FeedObjectService.createFeedObject('post', {
      html: '<p>Basil too</p>',
      categories: [garden.id],
    });
    await as(alice);
    expect(await feeds.getMainFeedUnseenCount()).toEqual({ total: 1 });
    const home = await feeds.getMainFeed();
    expect(home.results.map(idOf)).toEqual([theirs.id, home.results.map(idOf)[1]]);
    await feeds.markReadASpecificFeedObj([theirs.id]);
    expect(await feeds.getMainFeedUnseenCount()).toEqual({ total: 0 });
    expect((await feeds.getMainFeed()).results[0]).toMatchObject({ post: { id: theirs.id }, seen: true });
    // The read mark is alice's: in bob's home feed (his own post) it is not seen.
    await as(bob);
    expect((await feeds.getMainFeed()).results).toEqual([
      expect.objectContaining({ post: expect.objectContaining({ id: theirs.id }), seen: false }),
    ]);
    // Anonymous readers have no home feed.
    sdk.http.setAuthorizeToken();
    expect(await statusOf(feeds.getMainFeed())).toBe(401);
  });
});
