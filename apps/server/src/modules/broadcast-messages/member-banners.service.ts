import { ErrorCode, type MemberBroadcast, type PushSubscriptionBody } from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { smtpAllowance } from '../../platform/mail/smtp-destination.ts';
import { checkOutboundHost, OutboundRefusedError } from '../../platform/net/outbound-host.ts';
import * as banners from './broadcast-banners.repository.ts';
import * as push from './push-subscriptions.repository.ts';
import { pushEndpointUrl, vapidKeys } from './web-push-delivery.ts';

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function toMemberBroadcast(row: banners.BannerRow): MemberBroadcast {
  const sent = iso(row.sent_at)!;
  return {
    id: row.id,
    banner: {
      type_banner: 'notification_banner',
      title: row.title,
      body_text: row.body_text,
      link_text: row.link_text,
      link: row.link,
      image: row.image,
      open_in_new_tab: row.open_in_new_tab,
      added_at: sent,
    },
    added_at: sent,
    disposed_at: iso(row.disposed_at),
    viewed_at: iso(row.viewed_at),
  };
}

function keyBytes(value: string): Buffer | undefined {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return undefined;
  return Buffer.from(value.replace(/=+$/, ''), 'base64url');
}

/** SelfCommunity's notification banners of a member and their browser push subscriptions. */
export function createMemberBannersService(deps: PlatformDeps) {
  const { db, clock } = deps;
  const allowance = smtpAllowance(deps.config);

  return {
    async page(stackId: number, userId: number, limit: number | undefined, offset: number) {
      const { count, rows } = await banners.pageOfBanners(db, stackId, userId, limit, offset);
      return { count, results: rows.map(toMemberBroadcast) };
    },

    count(stackId: number, userId: number, which: 'unseen' | 'undisposed') {
      return banners.countBanners(db, stackId, userId, which);
    },

    mark(stackId: number, userId: number, ids: number[], dispose: boolean) {
      return banners.markBanners(db, stackId, userId, [...new Set(ids)], clock.now(), dispose);
    },

    async publicKey(stackId: number): Promise<string> {
      return (await vapidKeys(db, deps.secretBox, stackId)).publicKey;
    },

    /**
     * Registers a browser's subscription. The endpoint must be an https URL (http only where the
     * operator allows private addresses: tests) on a host the server may reach; the keys are the
     * browser's P-256 public key (65 bytes) and its 16-byte auth secret.
     */
    async subscribe(stackId: number, userId: number, body: PushSubscriptionBody) {
      const url = pushEndpointUrl(body.endpoint.trim(), allowance);
      if (!url) throw AppError.of(400, ErrorCode.invalid, 'The endpoint must be an https URL.', 'endpoint');
      try {
        await checkOutboundHost(url.hostname, allowance);
      } catch (error) {
        if (error instanceof OutboundRefusedError) {
          throw AppError.of(400, ErrorCode.invalid, error.message, 'endpoint');
        }
        throw error;
      }
      const p256dh = keyBytes(body.keys.p256dh);
      if (!p256dh || p256dh.length !== 65 || p256dh[0] !== 4) {
        throw AppError.of(400, ErrorCode.invalid, 'Not a P-256 public key.', 'keys.p256dh');
      }
      const auth = keyBytes(body.keys.auth);
      if (!auth || auth.length !== 16) {
        throw AppError.of(400, ErrorCode.invalid, 'The auth secret must be 16 bytes.', 'keys.auth');
      }
      const row = await push.upsertSubscription(db, stackId, userId, {
        endpoint: url.toString(),
        p256dh: p256dh.toString('base64url'),
        auth: auth.toString('base64url'),
      });
      return { id: row.id, endpoint: row.endpoint, created_at: iso(row.created_at)! };
    },

    async unsubscribe(stackId: number, userId: number, id: number): Promise<void> {
      if ((await push.deleteSubscription(db, stackId, userId, id)) === 0) throw AppError.notFound();
    },
  };
}
