// A delivery worker in its own process, for the kill test (`email-delivery.kill.test.ts`): it opens
// the shared database, delivers one task and exits; the test kills it with SIGKILL mid-way.
// Run as `node --import tsx email-delivery-worker.fixture.ts` with the environment below.
import { openDatabase } from '../../platform/db/database.ts';
import { systemClock } from '../../platform/clock.ts';
import { createMailer } from '../../platform/mail/mailer.ts';
import { createEmailDelivery } from './email-delivery.ts';

const env = process.env;
const handle = await openDatabase(
  env.KILL_DATABASE_URL ? { databaseUrl: env.KILL_DATABASE_URL } : { pgliteDir: env.KILL_PGLITE_DIR! },
);
const mailer = createMailer({
  db: handle.db,
  config: {
    smtpUrl: env.KILL_SMTP_URL,
    mailFrom: 'Agora <no-reply@agora.test>',
    smtpAllowPrivate: true,
    smtpAllowedHosts: [],
  },
});
const delivery = createEmailDelivery(
  { db: handle.db, clock: systemClock, mailer },
  { workerId: 'doomed-worker' },
);
process.send?.('started');
await delivery.deliverTask(Number(env.KILL_STACK_ID), Number(env.KILL_TASK_ID));
await handle.close();
process.send?.('finished');
