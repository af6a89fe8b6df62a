import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCall } from './compat-server.ts';
import { startSdkSession, type SdkSession } from './sdk-session.ts';
import { sdk, statusOf } from './sdk.ts';

/**
 * Invite codes through SelfCommunity's published SDK (issue 14 §3, §6): the code staff's invitation
 * carries is checked with `InviteService.getSpecificInvite`, a new member signs up with it through
 * `AccountService.create` and gets its role and forced username, and the used code is refused.
 */
let session: SdkSession;

beforeAll(async () => {
  session = await startSdkSession();
});
afterAll(() => session?.close());

describe('invite codes through the SDK', () => {
  it('checks a code, signs up with it, and refuses it once used or unknown', async () => {
    const added = await consoleCall(session.server, 'POST', '/invitations/add/', {
      invitations: [{ name: 'Nina', email: 'nina@members.test', username: 'nina', role: 'editor' }],
    });
    const { code } = (added.data as { results: { code: string }[] }).results[0]!;

    sdk.http.setAuthorizeToken();
    const invite = await sdk.InviteService.getSpecificInvite(code);
    expect(invite).toMatchObject({
      code,
      name: 'Nina',
      email: 'nina@members.test',
      role: 'editor',
      forced_username: 'nina',
      used_at: null,
    });

    const member = await sdk.AccountService.create({
      username: 'someone-else',
      email: 'nina@members.test',
      password: 'Velvet-harbour-tram-92',
      invite_code: code,
    });
    expect(member).toMatchObject({ username: 'nina', role: 'editor' });

    expect(await statusOf(sdk.InviteService.getSpecificInvite(code))).toBe(400);
    expect(await statusOf(sdk.InviteService.getSpecificInvite('no-such-code'))).toBe(404);
  });
});
