import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCall, type CompatServer } from './compat-server.ts';
import { startSdkSession, type SdkSession } from './sdk-session.ts';
import { sdk, statusOf } from './sdk.ts';

/**
 * The incubator through SelfCommunity's published SDK (issue 13 §8): a member proposes a category,
 * staff open it to subscriptions in the console, members subscribe, and the subscribers are listed.
 */
type Page<T> = { count: number; next: string | null; results: T[] };
interface Proposal {
  id: number;
  name: string;
  status: number;
  subscribers_count: number;
  subscribed: boolean;
}
interface IncubatorService {
  createIncubator(data: { name: string; slogan?: string }): Promise<Proposal>;
  getAllIncubators(params?: Record<string, unknown>): Promise<Page<Proposal>>;
  searchIncubators(params?: Record<string, unknown>): Promise<Page<Proposal>>;
  getSpecificIncubator(id: number): Promise<Proposal>;
  subscribeToIncubator(id: number): Promise<unknown>;
  checkIncubatorSubscription(id: number): Promise<{ subscribed: boolean }>;
  getIncubatorSubscribers(id: number): Promise<Page<{ id: number; username: string }>>;
}
const incubators = (sdk as unknown as { IncubatorService: IncubatorService }).IncubatorService;

let session: SdkSession;
let server: CompatServer;
let alice: number;
let bob: number;

const as = (userId: number, valid?: string) => session.as(userId, valid);

beforeAll(async () => {
  session = await startSdkSession();
  server = session.server;
  await consoleCall(server, 'POST', '/dynamic_preference/update/', {
    name: 'incubator_enabled',
    value: true,
  });
  sdk.http.setAuthorizeToken(server.adminToken);
  alice = (await sdk.SSOService.SignUp({ username: 'alice', email: 'alice@members.test' })).id;
  bob = (await sdk.SSOService.SignUp({ username: 'bob', email: 'bob@members.test' })).id;
});
afterAll(() => session?.close());

describe('the incubator through the SDK', () => {
  it('a member proposes a category, others subscribe once staff open it, and the subscribers are listed', async () => {
    await as(alice);
    const proposal = await incubators.createIncubator({ name: 'Astronomy', slogan: 'Looking up' });
    expect(proposal).toMatchObject({ name: 'Astronomy', status: 0, subscribers_count: 0, subscribed: false });
    // Pending: not open to subscriptions until staff say so.
    await as(bob);
    expect(await statusOf(incubators.subscribeToIncubator(proposal.id))).toBe(404);
    await consoleCall(server, 'POST', `/incubators/${proposal.id}/status/`, { action: 'votable' });

    expect(await incubators.subscribeToIncubator(proposal.id)).toBe('');
    expect(await incubators.checkIncubatorSubscription(proposal.id)).toEqual({ subscribed: true });
    await as(alice);
    await incubators.subscribeToIncubator(proposal.id);

    const subscribers = await incubators.getIncubatorSubscribers(proposal.id);
    expect(subscribers.results.map((u) => u.id).sort()).toEqual([alice, bob].sort());
    expect(await incubators.getSpecificIncubator(proposal.id)).toMatchObject({
      status: 1,
      subscribers_count: 2,
      subscribed: true,
    });
    const found = await incubators.searchIncubators({ search: 'astro' });
    expect(found.results.map((p) => p.name)).toEqual(['Astronomy']);
    expect((await incubators.getAllIncubators({ status: 1 })).count).toBe(1);
  });
});
