import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCall, type CompatServer } from './compat-server.ts';
import { startSdkSession, type SdkSession } from './sdk-session.ts';
import { sdk, statusOf } from './sdk.ts';

/**
 * Reactions, legal pages and menus through SelfCommunity's published SDK (issue 13 §5, §6, §8): a
 * member reacts to a post with a chosen reaction, changes it and takes it back; reads the terms,
 * accepts them and accepts again after staff force a new round; reads the menus staff built.
 */
let session: SdkSession;
let server: CompatServer;
let alice: number;
let bob: number;

const as = (userId: number, valid?: string) => session.as(userId, valid);
const asAdmin = () => session.asAdmin();

beforeAll(async () => {
  session = await startSdkSession();
  server = session.server;
  asAdmin();
  alice = (await sdk.SSOService.SignUp({ username: 'alice', email: 'alice@members.test' })).id;
  bob = (await sdk.SSOService.SignUp({ username: 'bob', email: 'bob@members.test' })).id;
});
afterAll(() => session?.close());

type Counted = { reaction: { label: string }; count: number }[];
const countsOf = (post: Record<string, unknown>) =>
  (post.reactions_count as Counted).map((c) => `${c.reaction.label}:${c.count}`);

describe('reactions through the SDK', () => {
  it('a member reacts to a post with a reaction, changes it and takes it back; totals stay exact', async () => {
    await as(alice);
    const reactions = (await sdk.ReactionService.getAllReactions()).results;
    expect(reactions.map((r) => r.label)).toEqual(expect.arrayContaining(['like', 'love']));
    const love = reactions.find((r) => r.label === 'love')!;
    expect(await sdk.ReactionService.getSpecificReaction(love.id)).toMatchObject({ label: 'love' });
    const post = await sdk.FeedObjectService.createFeedObject('post', {
      html: '<p>Sunset at the harbour</p>',
    });

    await as(bob);
    await sdk.FeedObjectService.voteFeedObject('post', post.id, love.id);
    let seen = await sdk.FeedObjectService.getSpecificFeedObject('post', post.id);
    expect(seen).toMatchObject({ vote_count: 1, voted: true, reaction: { id: love.id } });
    expect(countsOf(seen)).toEqual(['love:1']);

    await as(alice);
    await sdk.FeedObjectService.voteFeedObject('post', post.id);
    seen = await sdk.FeedObjectService.getSpecificFeedObject('post', post.id);
    expect(seen.reaction).toMatchObject({ label: 'like' });
    expect(countsOf(seen).sort()).toEqual(['like:1', 'love:1']);

    await as(bob);
    const like = reactions.find((r) => r.label === 'like')!;
    await sdk.FeedObjectService.voteFeedObject('post', post.id, like.id);
    expect(countsOf(await sdk.FeedObjectService.getSpecificFeedObject('post', post.id))).toEqual(['like:2']);
    await sdk.FeedObjectService.voteFeedObject('post', post.id, like.id);
    seen = await sdk.FeedObjectService.getSpecificFeedObject('post', post.id);
    expect(seen).toMatchObject({ vote_count: 1, voted: false, reaction: null });

    const voters = await sdk.FeedObjectService.feedObjectVotes('post', post.id);
    expect(voters.results).toHaveLength(1);
    expect(voters.results[0]).toMatchObject({ user: { id: alice }, reaction: { label: 'like' } });
  });
});

describe('legal pages through the SDK', () => {
  it('a member reads the terms, accepts them, and accepts again after staff force a new round', async () => {
    await as(alice);
    const pages = await sdk.LegalPageService.getLegalPages();
    expect(pages.results.map((p) => p.slug)).toEqual(expect.arrayContaining(['tec', 'privacy']));
    const terms = await sdk.LegalPageService.getLastRevisionOfLegalPage('tec');
    expect(terms.ack).toBeNull();

    const ack = await sdk.LegalPageService.ackLegalPage(terms.id, 1);
    expect(ack).toMatchObject({ custom_page: terms.id });
    expect(ack.accepted_at).not.toBeNull();
    expect(await sdk.LegalPageService.getSpecificUserAck(terms.id)).toMatchObject({ custom_page: terms.id });
    expect((await sdk.LegalPageService.userAckList()).map((a) => a.custom_page)).toEqual([terms.id]);
    expect((await sdk.LegalPageService.getLastRevisionOfLegalPage('tec')).ack).not.toBeNull();

    const counted = async () => {
      const detail = await consoleCall(server, 'GET', `/legal_pages/${terms.id}/`);
      return (detail.data as { versions: { id: number; accepted_count: number }[] }).versions.find(
        (v) => v.id === terms.id,
      )?.accepted_count;
    };
    expect(await counted()).toBe(1);
    await consoleCall(server, 'POST', `/legal_pages/${terms.id}/force_accept/`, {});
    expect(await counted()).toBe(0);

    await as(alice);
    expect((await sdk.LegalPageService.getLastRevisionOfLegalPage('tec')).ack).toBeNull();
    expect(await statusOf(sdk.LegalPageService.getSpecificUserAck(terms.id))).toBe(404);
    await sdk.LegalPageService.ackLegalPage(terms.id, 1);
    expect(await counted()).toBe(1);
  });
});

describe('menus through the SDK', () => {
  it('members list, search and read the menus staff built, items in their order', async () => {
    const footer = (await consoleCall(server, 'POST', '/menus/add/', { name: 'Footer links' })).data as {
      id: number;
    };
    await consoleCall(server, 'POST', '/menus/items/add/', {
      menu: footer.id,
      label: 'About',
      url: '/about/',
    });
    await consoleCall(server, 'POST', '/menus/items/add/', {
      menu: footer.id,
      label: 'Blog',
      url: 'https://blog.example.com/',
    });

    await as(alice);
    const menus = await sdk.CustomMenuService.getAllCustomMenus();
    expect(menus.results.map((m) => m.name)).toContain('Footer links');
    const found = await sdk.CustomMenuService.searchCustomMenus({ search: 'footer' });
    expect(found.results.map((m) => m.id)).toEqual([footer.id]);
    const menu = await sdk.CustomMenuService.getASpecificCustomMenu(footer.id);
    expect(menu.items.map((i) => [i.label, i.url])).toEqual([
      ['About', '/about/'],
      ['Blog', 'https://blog.example.com/'],
    ]);
    expect(await statusOf(sdk.CustomMenuService.getASpecificCustomMenu(footer.id + 1000))).toBe(404);
  });
});
