import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCall, type CompatServer } from './compat-server.ts';
import { startSdkSession, type SdkSession } from './sdk-session.ts';
import { sdk, statusOf } from './sdk.ts';

/**
 * SelfCommunity's published SDK (`@selfcommunity/api-services`) used as a real client against the
 * running server: its singleton HTTP client points at `/c/demo`, authenticates with JWTs it mints
 * itself (`generateJWTToken`, signed with the key the console generated) or with a staff console token.
 */
let session: SdkSession;
let server: CompatServer;
let alice: number;
let bruno: number;

/** Acts as a member with a JWT the SDK mints (valid 2 h of real time unless told otherwise). */
const as = (userId: number, valid?: string) => session.as(userId, valid);
const asAdmin = () => session.asAdmin();

beforeAll(async () => {
  session = await startSdkSession();
  server = session.server;
  asAdmin();
  alice = (
    await sdk.SSOService.SignUp({ username: 'alice', email: 'alice@members.test', real_name: 'Alice' })
  ).id;
  bruno = (await sdk.SSOService.SignUp({ username: 'bruno', email: 'bruno@members.test' })).id;
});
afterAll(() => session?.close());

describe('members sign in through the SDK', () => {
  it('SSO sign-in with an SDK-minted JWT says who the member is', async () => {
    await as(alice);
    expect(await sdk.SSOService.SignIn()).toMatchObject({ id: alice, username: 'alice', role: null });
  });

  it('an SSO sign-up is refused to members (admin only)', async () => {
    await as(alice);
    expect(await statusOf(sdk.SSOService.SignUp({ username: 'mallory' }))).toBe(403);
  });

  it("the SDK's error parser reads our field errors", async () => {
    sdk.http.setAuthorizeToken();
    try {
      await sdk.AccountService.create({ username: 'carla', email: 'not-an-email', password: 'Passw0rd!x' });
      expect.unreachable('the sign-up should be refused');
    } catch (error) {
      expect(sdk.formatHttpErrorCode(error)).toHaveProperty('emailError');
    }
  });
});

describe('members post and flag; moderators resolve the flags through the SDK', () => {
  let postId: number;

  it('the bot flags an abusive post, a member flags it too, and the moderation calls see both', async () => {
    await consoleCall(server, 'POST', '/bot/status/', { enabled: true });
    await as(alice);
    postId = (
      await sdk.FeedObjectService.createFeedObject('post', { text: 'You are a total moron', categories: [] })
    ).id;
    expect((await sdk.FeedObjectService.getSpecificFeedObject('post', postId)).id).toBe(postId);

    await as(bruno);
    // The SDK sends the flag type as a bare JSON number.
    expect(await sdk.FeedObjectService.flagFeedObject('post', postId, 1)).toBe('');

    asAdmin();
    const flagged = await sdk.ModerationService.getAllFlaggedContributions({ contribution_type: 'post' });
    const entry = flagged.results.find((r) => (r.contribution as { id: number }).id === postId);
    expect(entry).toMatchObject({ contribution_type: 'post', moderation_status: 'open' });
    const flags = await sdk.ModerationService.getAllFlagsForSpecificContribution(postId, 'post');
    expect(flags.count).toBe(2);
  });

  it('hiding the post takes it away from members; its status says hidden', async () => {
    asAdmin();
    expect(
      await sdk.ModerationService.moderateAContribution(postId, {
        contribution_type: 'post',
        action: 'hide',
        moderation_type: 1,
      }),
    ).toBe('');
    expect((await sdk.ModerationService.getContributionModerationStatus(postId, 'post')).status).toBe(
      'hidden',
    );
    await as(bruno);
    expect(await statusOf(sdk.FeedObjectService.getSpecificFeedObject('post', postId))).toBe(404);
  });

  it('members cannot use the moderation calls', async () => {
    await as(bruno);
    expect(await statusOf(sdk.ModerationService.getAllFlaggedContributions())).toBe(403);
  });

  it('a member banned through the SDK is refused until the ban ends', async () => {
    asAdmin();
    expect(await sdk.ModerationService.moderateASpecificUser(alice, 'b', '3')).toBe('');
    const users = await sdk.ModerationService.getUsersForModeration({ status: 'b' });
    expect(users.results.map((u) => u.id)).toContain(alice);
    await as(alice);
    expect(await statusOf(sdk.SSOService.SignIn())).toBe(403);
    server.t.clock.advance(3 * 86_400 + 60);
    // The SDK dates its tokens with the real clock; the server's clock is now 3 days ahead.
    await as(alice, '5d');
    expect((await sdk.SSOService.SignIn()).id).toBe(alice);
  });
});

describe('tags, preferences, features and categories through the SDK', () => {
  it('creates, patches and assigns a user tag; the member then carries it', async () => {
    // The clock moved by days in the ban test: the admin signs in to the console again.
    await server.renewAdminSession();
    asAdmin();
    const tag = await sdk.TagService.createTag({ type: 'user', name: 'Volunteers', color: '#3F51B5' });
    expect(tag).toMatchObject({ name: 'Volunteers', type: 'user' });
    expect(await sdk.TagService.patchTag(tag.id, { description: 'Helps at events' })).toMatchObject({
      description: 'Helps at events',
    });
    expect(await sdk.TagService.assignATag(tag.id, bruno)).toBe('');
    await as(bruno, '5d');
    expect((await sdk.SSOService.SignIn()).tags).toContain(tag.id);
    expect(await statusOf(sdk.TagService.createTag({ type: 'user', name: 'Nope' }))).toBe(403);
  });

  it('reads every preference and feature in one page, and an admin updates a colour', async () => {
    sdk.http.setAuthorizeToken();
    const preferences = await sdk.PreferenceService.getAllPreferences();
    expect(preferences.next).toBeNull();
    expect(preferences.results.length).toBe(preferences.count);
    expect(preferences.results.some((p) => p.name === 'colorprimary')).toBe(true);
    // An exact name comes first, before names that merely contain it (category_follow_enabled).
    const found = await sdk.PreferenceService.searchPreferences('follow_enabled');
    expect(found.results[0]?.name).toBe('follow_enabled');
    expect(found.results.map((p) => p.name)).toContain('category_follow_enabled');

    const features = await sdk.FeatureService.getAllFeatures();
    expect(features.next).toBeNull();
    expect(features.results.find((f) => f.name === 'tagging')).toBeDefined();

    const categories = await sdk.CategoryService.getAllCategories();
    expect(categories.next).toBeNull();

    asAdmin();
    const updated = await sdk.PreferenceService.updatePreferences({ colorprimary: '#123456' });
    expect(updated.colorprimary?.value).toBe('#123456');
    await as(bruno, '5d');
    expect(await statusOf(sdk.PreferenceService.updatePreferences({ colorprimary: '#654321' }))).toBe(403);
  });
});
