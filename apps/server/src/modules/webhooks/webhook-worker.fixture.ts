// A server process for the kill test (`webhook-delivery.kill.test.ts`): it records a burst of events,
// each in its own transaction (every tenth one rolled back), while its delivery worker sends them;
// the test kills it with SIGKILL mid-way. Run as `node --import tsx webhook-worker.fixture.ts`.
import { openDatabase } from '../../platform/db/database.ts';
import { systemClock } from '../../platform/clock.ts';
import { createSecretBox } from '../../platform/crypto/secret-box.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';
import { createWebhookDelivery } from './webhook-delivery.ts';

const env = process.env;
const handle = await openDatabase(
  env.KILL_DATABASE_URL ? { databaseUrl: env.KILL_DATABASE_URL } : { pgliteDir: env.KILL_PGLITE_DIR! },
);
const stackId = Number(env.KILL_STACK_ID);
const total = Number(env.KILL_EVENTS);
const delivery = createWebhookDelivery(
  {
    db: handle.db,
    clock: systemClock,
    secretBox: createSecretBox(env.KILL_SECRET_KEY!),
    config: { webhooksAllowPrivate: true },
  },
  { workerId: 'doomed-worker' },
);
let recording = true;
const worker = (async () => {
  while (recording) await delivery.pump();
  await delivery.pump();
})();
for (let n = 0; n < total; n += 1) {
  const rolledBack = n % 10 === 9;
  await handle.db
    .transaction()
    .execute(async (trx) => {
      await recordEvent(trx, { stackId, type: 'post.created', data: { n, rolledBack }, at: new Date() });
      if (rolledBack) throw new Error('rolled back');
    })
    .catch(() => undefined);
}
recording = false;
await worker;
await handle.close();
