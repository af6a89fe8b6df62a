/**
 * The composition root's wiring (with `app.ts`): where the platform's guards, mailer and queue meet
 * the modules that answer them. The platform declares the types and callbacks it needs and imports no
 * module; modules import the platform; only this folder and `app.ts` import both (lint holds it).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../platform/config/config.ts';
import type { Db } from '../platform/db/database.ts';
import type { Clock } from '../platform/clock.ts';
import type { SecretBox } from '../platform/crypto/secret-box.ts';
import type { PlatformDeps } from '../platform/platform-deps.ts';
import { digestToken } from '../platform/auth/opaque-token.ts';
import { createMailer, type Mailer } from '../platform/mail/mailer.ts';
import type { StackScopeDeps } from '../platform/stack-scope/stack-scope.ts';
import { staffAccessCache } from './staff-access-cache.ts';
import type { CommittedWrites } from '../platform/db/committed-writes.ts';
import { customSenderOf } from '../modules/mail-server/mail-server.repository.ts';
import { createRemoteClassifier } from '../modules/moderation/remote-classifier.ts';
import { defaultClassifier } from '../modules/moderation/moderation.service.ts';
import type { BotDeps } from '../modules/moderation/moderation.service.ts';
import type { StacksService } from '../modules/stacks/stacks.service.ts';
import { findStaffAccess } from '../modules/stacks/staff-access.repository.ts';

/**
 * What `app.ts` hands every module: the platform, plus the services more than one module takes
 * (each module's own deps type names the ones it uses).
 */
export type AppModuleDeps = PlatformDeps & { stacks: StacksService } & Pick<BotDeps, 'classifier'>;

/**
 * What the community guard needs (one definition for every guard in the app): one statement per call
 * for the token, the staff link, the standing, the second factor and the flags (ADR 0013), served
 * from a cache that this process's writes empty when `writes` is given (ADR 0015).
 */
export function stackScopeDeps(deps: { db: Db; clock: Clock; writes?: CommittedWrites }): StackScopeDeps {
  const now = () => deps.clock.now();
  if (!deps.writes) {
    return { staffAccess: (token, slug) => findStaffAccess(deps.db, digestToken(token), slug, now()), now };
  }
  const cache = staffAccessCache(deps.writes, now);
  const reader = cache.reader(deps.db);
  return {
    staffAccess: (token, slug) => {
      const digest = digestToken(token);
      return cache.get(`${slug}\u0000${digest}`, () => findStaffAccess(reader, digest, slug, now()));
    },
    now,
  };
}

/** The mailer, with a community's own server (its mail-server settings) when it chose one. */
export function communityMailer(deps: {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'smtpAllowPrivate' | 'smtpAllowedHosts'>;
  secretBox: SecretBox;
  logger?: Pick<FastifyBaseLogger, 'info'>;
}): Mailer {
  const { db, config, secretBox, logger } = deps;
  return createMailer({
    db,
    config,
    customSender: (stackId) => customSenderOf(db, secretBox, stackId),
    ...(logger ? { logger } : {}),
  });
}

/** The AI moderation bot's classifier: the external API when configured (word lists otherwise). */
export function moderationClassifier(
  config: Pick<Config, 'moderationApiUrl' | 'moderationApiKey'>,
  logger: Pick<FastifyBaseLogger, 'warn'>,
): BotDeps['classifier'] {
  if (!config.moderationApiUrl) return undefined;
  return createRemoteClassifier({
    url: config.moderationApiUrl,
    ...(config.moderationApiKey ? { apiKey: config.moderationApiKey } : {}),
    fallback: defaultClassifier,
    onFailure: (error) => logger.warn({ err: error }, 'moderation API unavailable: word lists used'),
  });
}
