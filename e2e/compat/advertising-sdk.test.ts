import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCall, type CompatServer } from './compat-server.ts';
import { startSdkSession, type SdkSession } from './sdk-session.ts';
import { sdk, statusOf } from './sdk.ts';

/**
 * Custom ads through SelfCommunity's published SDK (issue 15 §3, §5): staff turn custom advertising on
 * and add ads in the console; a member reads them with `CustomAdvService` (list, search by position and
 * categories as react-core's widgets ask, one by id) and `PreferenceService` sees the switch; with the
 * ads only for visitors, the member gets none.
 */
interface Ad {
  id: number;
  title: string | null;
  position: string;
  category: number | null;
  embed_code: string | null;
  image: string | null;
  active: boolean;
}
interface Page<T> {
  count: number;
  next: string | null;
  results: T[];
}
interface CustomAdvSdk {
  getAllCustomAdv(params?: Record<string, unknown>): Promise<Page<Ad>>;
  searchCustomAdv(params?: Record<string, unknown>): Promise<Page<Ad>>;
  getASpecificCustomAdv(id: number): Promise<Ad>;
}
interface PreferenceSdk {
  searchPreferences(
    search?: string,
    section?: string,
    keys?: string,
    ordering?: string,
  ): Promise<Page<{ name: string; value: unknown }>>;
}
const ads = (sdk as unknown as { CustomAdvService: CustomAdvSdk }).CustomAdvService;
const preferences = (sdk as unknown as { PreferenceService: PreferenceSdk }).PreferenceService;

let session: SdkSession;
let server: CompatServer;
let alice: number;
let categoryId: number;

beforeAll(async () => {
  session = await startSdkSession();
  server = session.server;
  session.asAdmin();
  alice = (await sdk.SSOService.SignUp({ username: 'alice', email: 'alice@members.test' })).id;
  const category = await consoleCall(server, 'POST', '/categories/add/', { name: 'Cycling' });
  categoryId = (category.data as { id: number }).id;
  await consoleCall(server, 'POST', '/advertising/settings/update/', { system: 'custom' });
});
afterAll(() => session?.close());

describe('custom ads through the SDK', () => {
  it('a member reads the ads by position and categories, and one by id', async () => {
    const feed = await consoleCall(server, 'POST', '/advertising/custom_ads/add/', {
      title: 'Bikes',
      link: 'https://shop.example/bikes',
      embed_code: '<p>Bikes on sale</p>',
      position: 'IN_STREAM',
    });
    const feedId = (feed.data as { id: number }).id;
    await consoleCall(server, 'POST', '/advertising/custom_ads/add/', {
      title: 'Helmets',
      embed_code: '<p>Helmets</p>',
      position: 'ABOVE_THE_STREAM_CATEGORY',
      category: categoryId,
    });
    await consoleCall(server, 'POST', '/advertising/custom_ads/add/', {
      title: 'Paused',
      embed_code: '<p>Paused</p>',
      position: 'IN_STREAM',
      active: false,
    });

    await session.as(alice);
    const all = await ads.getAllCustomAdv();
    expect(all.results.map((a) => a.title).sort()).toEqual(['Bikes', 'Helmets']);
    const inFeed = await ads.searchCustomAdv({ position: 'IN_STREAM' });
    expect(inFeed).toMatchObject({ count: 1, next: null });
    expect(inFeed.results[0]).toMatchObject({
      id: feedId,
      title: 'Bikes',
      embed_code: '<p>Bikes on sale</p>',
      image: null,
      category: null,
      active: true,
    });
    const forCategory = await ads.searchCustomAdv({
      position: 'ABOVE_THE_STREAM_CATEGORY',
      categories: `[${categoryId}]`,
    });
    expect(forCategory.results.map((a) => a.title)).toEqual(['Helmets']);
    const otherCategory = await ads.getAllCustomAdv({ category: String(categoryId + 1000) });
    expect(otherCategory.results.map((a) => a.title)).toEqual(['Bikes']);
    expect(await ads.getASpecificCustomAdv(feedId)).toMatchObject({ id: feedId, position: 'IN_STREAM' });

    const switches = await preferences.searchPreferences(
      'custom_adv_enabled',
      'advertising',
      'advertising.custom_adv_enabled',
      'name',
    );
    expect(switches.results[0]).toMatchObject({ name: 'custom_adv_enabled', value: true });
  });

  it('gives signed-in members no ads when they are only for visitors', async () => {
    session.asAdmin();
    await consoleCall(server, 'POST', '/advertising/settings/update/', {
      custom: { only_for_anonymous: true },
    });
    await session.as(alice);
    expect((await ads.searchCustomAdv({ position: 'IN_STREAM' })).count).toBe(0);
    const first = (await fetch(`${server.url}/c/demo/api/v2/custom_adv/?position=IN_STREAM`).then((r) =>
      r.json(),
    )) as Page<Ad>;
    expect(first.results.map((a) => a.title)).toEqual(['Bikes']);
    expect(await statusOf(ads.getASpecificCustomAdv(first.results[0]!.id))).toBe(404);
  });
});
