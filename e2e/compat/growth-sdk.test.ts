import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCall } from './compat-server.ts';
import { startSdkSession, type SdkSession } from './sdk-session.ts';
import { sdk, statusOf } from './sdk.ts';

/**
 * Promo codes and the loyalty program through SelfCommunity's published SDK (issue 14 §4, §5, §6):
 * `PromoService.getSpecificPromo` checks a code staff created, a member who earned points by posting
 * lists the prizes with `LoyaltyService.getPrizes`, asks for one with `createPrizeRequest`, reads it
 * back, and a second request for what they can no longer afford is refused.
 */
type Obj = Record<string, unknown>;
type Page<T> = { count: number; results: T[] };
/** The two services this test drives (the shared SDK type names the others). */
const growth = sdk as unknown as {
  PromoService: { getSpecificPromo(code: string): Promise<Obj> };
  LoyaltyService: {
    getPrizes(params?: Obj): Promise<Page<{ id: number; title: string; points: number } & Obj>>;
    createPrizeRequest(prize: number): Promise<{ id: number } & Obj>;
    getSpecificPrizeRequest(id: number): Promise<Obj>;
    getAllPrizeRequests(): Promise<Page<{ id: number } & Obj>>;
  };
};

let session: SdkSession;
let alice: number;

beforeAll(async () => {
  session = await startSdkSession();
  session.asAdmin();
  alice = (await sdk.SSOService.SignUp({ username: 'alice', email: 'alice@members.test' })).id;
});
afterAll(() => session?.close());

describe('promo codes and loyalty through the SDK', () => {
  it('checks a promo code: known and valid now, unknown 404', async () => {
    await consoleCall(session.server, 'POST', '/promo_codes/add/', {
      name: 'Spring',
      code: 'SPRING26',
      tags: [],
      valid_from: '2020-01-01',
      valid_to: '2099-01-01',
    });
    sdk.http.setAuthorizeToken();
    const promo = await growth.PromoService.getSpecificPromo('SPRING26');
    expect(promo).toMatchObject({ code: 'SPRING26', name: 'Spring', is_valid_now: true });
    expect(await statusOf(growth.PromoService.getSpecificPromo('NOPE'))).toBe(404);
  });

  it('a member who earned the points requests a prize, once', async () => {
    await consoleCall(session.server, 'POST', '/loyalty/config/update/', { points: { post: 50 } });
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: 'Mug',
      points: '100',
      link: 'https://shop.example/mug',
      description: 'A mug',
    }))
      form.set(k, v);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#88aaff' } })
      .png()
      .toBuffer();
    form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'mug.png');
    const added = await fetch(`${session.server.url}/c/demo/platform/api/v1/loyalty/prizes/add/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.server.adminToken}` },
      body: form,
    });
    expect(added.status, await added.clone().text()).toBe(200);

    await session.as(alice);
    for (const text of ['one', 'two']) {
      await sdk.FeedObjectService.createFeedObject('post', { html: `<p>${text}</p>` });
    }
    const prizes = await growth.LoyaltyService.getPrizes();
    const mug = prizes.results.find((p) => p.title === 'Mug');
    expect(mug).toMatchObject({ points: 100, active: true });

    const request = await growth.LoyaltyService.createPrizeRequest(mug!.id);
    expect(request).toMatchObject({ user: alice, prize_points: 100, status: 0, prize: { id: mug!.id } });
    expect(await growth.LoyaltyService.getSpecificPrizeRequest(request.id)).toMatchObject({ id: request.id });
    expect((await growth.LoyaltyService.getAllPrizeRequests()).results.map((r) => r.id)).toEqual([
      request.id,
    ]);
    expect(await statusOf(growth.LoyaltyService.createPrizeRequest(mug!.id))).toBe(400);
  });
});
