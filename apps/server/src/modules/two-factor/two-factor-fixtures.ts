import { generate } from 'otplib';
import type { FastifyInstance } from 'fastify';
import type { ManualClock } from '../../platform/clock.ts';
import { form, type SignedIn } from '../../test-support/fixtures.ts';
import { twoFactorPaths as paths } from '@agora/contract';

/** The code an authenticator app shows for `secret` at the test clock's time. */
export function codeAt(secret: string, clock: ManualClock, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + offsetSeconds });
}

/** Enrols the signed-in account through the API; answers its secret and recovery codes. */
export async function enrol(app: FastifyInstance, clock: ManualClock, who: SignedIn) {
  const started = await app.inject({ method: 'POST', url: paths.enrol, headers: who.bearer });
  if (started.statusCode !== 200) throw new Error(`enrol failed: ${started.body}`);
  const secret = started.json().data.secret as string;
  const confirmed = await app.inject({
    method: 'POST',
    url: paths.confirm,
    ...form({ code: await codeAt(secret, clock) }, who.bearer),
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
  // The next code must come from a later time step (a step is accepted once).
  clock.advance(30);
  return { secret, recoveryCodes: confirmed.json().data.recovery_codes as string[] };
}
