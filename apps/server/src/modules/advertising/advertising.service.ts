import {
  AD_EMBED_CODE_MAX,
  AD_LINK_MAX,
  AD_POSITIONS,
  AD_TITLE_MAX,
  ADSENSE_CODE_MAX,
  ADSENSE_CODE_PREFERENCE,
  ADSENSE_VERIFICATION_MAX,
  ADVERTISING_MESSAGES as M,
  AdvertisingErrorCode,
  ErrorCode,
  ImageErrorCode,
  isRowId,
  type AdPosition,
  type AdvertisingSettings,
  type AdvertisingSettingsBody,
  type AdvertisingSystem,
  type CustomAd,
  type CustomAdWriteBody,
  type MemberCustomAd,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError, errorEntry, type AppErrorEntry } from '../../platform/errors/app-error.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { createFileStorage } from '../../platform/storage/storage-choice.ts';
import { categoriesByIds } from '../categories/categories.repository.ts';
import { existingCategoryIds } from '../categories/category-rows.repository.ts';
import { customDomainOf } from '../domain-settings/domain-settings.repository.ts';
import { writeValues } from '../dynamic-preferences/dynamic-preferences.repository.ts';
import { createDynamicPreferencesService } from '../dynamic-preferences/dynamic-preferences.service.ts';
import { hasFeature } from '../features/features.service.ts';
import { findStackBySlug } from '../stacks/stack-row.repository.ts';
import { adImageFolderOf, readAdImage, storeAdImage } from './ad-images.ts';
import * as repo from './advertising.repository.ts';

type Stack = { stackId: number; slug: string };
type Staff = { userId: number; username: string };

const SWITCHES = ['custom_adv_enabled', 'ads_enabled'] as const;
const SETTING_NAMES = [
  ...SWITCHES,
  'custom_adv_only_for_anonymous_users_enabled',
  'ads_verification_code',
  'ads_only_for_anonymous_users_enabled',
  'ads_manual_enabled',
  ...AD_POSITIONS.map((p) => ADSENSE_CODE_PREFERENCE[p]),
];

function linkOk(link: string): boolean {
  try {
    const url = new URL(link);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function isPosition(value: unknown): value is AdPosition {
  return (AD_POSITIONS as readonly unknown[]).includes(value);
}

/** The SelfCommunity object of an ad (empty texts are null, as SelfCommunity's). */
export function toMemberCustomAd(row: repo.CustomAdRow): MemberCustomAd {
  return {
    id: row.id,
    position: row.position as AdPosition,
    title: row.title,
    link: row.link || null,
    image: row.image || null,
    embed_code: row.embed_code || null,
    active: row.active,
    created_at: new Date(row.created_at).toISOString(),
    lastmod_datetime: new Date(row.updated_at).toISOString(),
    category: row.category_id,
    created_by: row.created_by,
  };
}

/** Who reads ads in the member API, and what they may ask. */
export interface AdReader {
  /** Signed in (any member, staff included). */
  signedIn: boolean;
  /** Admins and editors: they also see inactive ads and may filter on `active` (SelfCommunity's rule). */
  manager: boolean;
}
export interface MemberAdQuery {
  position?: string;
  categories?: readonly number[];
  active?: boolean;
  search?: string;
}

/**
 * Advertising (spec mgmt §2-§6, §9): AdSense's settings and the community's custom ads, with one
 * system active at a time; members read the custom ads while `custom_adv_enabled` is on.
 */
export function createAdvertisingService(deps: PlatformDeps & { storage?: FileStorage }) {
  const { db, clock, config } = deps;
  const storage = deps.storage ?? createFileStorage(config);
  const preferences = createDynamicPreferencesService(deps);

  async function values(stackId: number): Promise<Record<string, unknown>> {
    const list = await preferences.list(stackId, SETTING_NAMES);
    return Object.fromEntries(list.map((p) => [p.name, p.value]));
  }

  async function settings(stackId: number): Promise<AdvertisingSettings> {
    const v = await values(stackId);
    const system: AdvertisingSystem =
      v.custom_adv_enabled === true ? 'custom' : v.ads_enabled === true ? 'adsense' : 'none';
    const codes = Object.fromEntries(
      AD_POSITIONS.map((p) => [p, String(v[ADSENSE_CODE_PREFERENCE[p]] ?? '')]),
    ) as Record<AdPosition, string>;
    return {
      system,
      adsense: {
        verification_code: String(v.ads_verification_code ?? ''),
        audience: v.ads_only_for_anonymous_users_enabled === true ? 'anonymous' : 'all',
        mode: v.ads_manual_enabled === true ? 'manual' : 'auto',
        codes,
      },
      custom: { only_for_anonymous: v.custom_adv_only_for_anonymous_users_enabled === true },
      custom_domain: await customDomainOf(db, stackId),
    };
  }

  async function ad(stackId: number, id: number): Promise<repo.CustomAdRow> {
    const row = await repo.findAd(db, stackId, id);
    if (!row) throw AppError.notFound(M.adNotFound);
    return row;
  }

  async function present(stackId: number, rows: repo.CustomAdRow[]): Promise<CustomAd[]> {
    const ids = [...new Set(rows.map((r) => r.category_id).filter((id): id is number => id !== null))];
    const names = new Map((await categoriesByIds(db, stackId, ids)).map((c) => [c.id, c.name]));
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      link: row.link,
      image: row.image,
      embed_code: row.embed_code,
      category:
        row.category_id === null
          ? null
          : { id: row.category_id, name: names.get(row.category_id) ?? `#${row.category_id}` },
      position: row.position as AdPosition,
      active: row.active,
      created_at: new Date(row.created_at).toISOString(),
      created_by:
        row.created_by === null ? null : { id: row.created_by, username: row.created_by_username ?? '' },
    }));
  }

  /** Removes a replaced image's files once no ad of the community shows it. */
  async function dropImageIfUnused(stackId: number, address: string): Promise<void> {
    const folder = address ? adImageFolderOf(stackId, address) : undefined;
    if (!folder || (await repo.imageInUse(db, stackId, address))) return;
    await storage.delete(folder);
  }

  /** Every problem of an ad at once, on its field; the image is checked (and stored) last. */
  async function checkedAd(
    stack: Stack,
    body: CustomAdWriteBody,
    current?: repo.CustomAdRow,
  ): Promise<repo.CustomAdValues> {
    const errors: AppErrorEntry[] = [];
    const title = (body.title ?? current?.title ?? '').trim();
    if (!title || title.length > AD_TITLE_MAX) errors.push(errorEntry(ErrorCode.invalid, M.title, 'title'));
    const link = (body.link ?? current?.link ?? '').trim();
    if (link && (link.length > AD_LINK_MAX || !linkOk(link))) {
      errors.push(errorEntry(ErrorCode.invalid, M.link, 'link'));
    }
    const position = body.position ?? current?.position;
    if (!isPosition(position)) errors.push(errorEntry(ErrorCode.invalid, M.position, 'position'));
    let categoryId = current?.category_id ?? null;
    if (body.category !== undefined) {
      const raw = typeof body.category === 'string' ? body.category.trim() : body.category;
      if (raw === null || raw === '') categoryId = null;
      else {
        const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
        if (!isRowId(id) || (await existingCategoryIds(db, stack.stackId, [id])).length === 0) {
          errors.push(errorEntry(ErrorCode.invalid, M.category, 'category'));
        } else categoryId = id;
      }
    }
    const upload = Buffer.isBuffer(body.image) && body.image.length > 0 ? body.image : undefined;
    if (body.image !== undefined && !upload && !Buffer.isBuffer(body.image) && body.image !== '') {
      errors.push(errorEntry(ImageErrorCode.invalidFormat, M.image, 'image'));
    }
    const embed = (body.embed_code ?? current?.embed_code ?? '').trim();
    const keptImage = body.remove_image ? '' : (current?.image ?? '');
    if (embed.length > AD_EMBED_CODE_MAX) {
      errors.push(errorEntry(ErrorCode.invalid, M.embedTooLong, 'embed_code'));
    } else if ((upload || keptImage) && embed) {
      errors.push(errorEntry(ErrorCode.invalid, M.code, 'embed_code'));
    } else if (!upload && !keptImage && !embed) {
      errors.push(errorEntry(ErrorCode.required, M.code, 'embed_code'));
    }
    if (errors.length > 0) throw new AppError(400, errors);
    const image = upload ? await storeAdImage({ config, storage }, stack, upload) : keptImage;
    return {
      title,
      link,
      image,
      embed_code: embed,
      category_id: categoryId,
      position: position as AdPosition,
      active: body.active ?? current?.active ?? true,
    };
  }

  /** Whether members may see custom ads now, and which ones a reader gets. */
  async function memberFilter(stackId: number, reader: AdReader): Promise<boolean> {
    if (!(await hasFeature(db, stackId, 'advertising'))) return false;
    const v = await values(stackId);
    if (v.custom_adv_enabled !== true) return false;
    if (v.custom_adv_only_for_anonymous_users_enabled === true && reader.signedIn && !reader.manager) {
      return false;
    }
    return true;
  }

  return {
    settings,

    /**
     * Changes the settings; `system` makes one system the active one and turns the other off, in one
     * statement (two admins switching at once leave one system on, never both). AdSense needs its
     * verification code and the community's custom domain (mgmt §6).
     */
    async updateSettings(
      stackId: number,
      accountId: number | null,
      body: AdvertisingSettingsBody,
    ): Promise<AdvertisingSettings> {
      const current = await settings(stackId);
      const errors: AppErrorEntry[] = [];
      const writes: Record<string, string> = {};
      const system = body.system ?? current.system;
      const adsense = { ...current.adsense, ...body.adsense, codes: { ...current.adsense.codes } };
      if (body.adsense) {
        const code = (body.adsense.verification_code ?? current.adsense.verification_code).trim();
        if (!code) errors.push(errorEntry(ErrorCode.required, M.verificationRequired, 'verification_code'));
        else if (code.length > ADSENSE_VERIFICATION_MAX) {
          errors.push(errorEntry(ErrorCode.invalid, M.verificationRequired, 'verification_code'));
        }
        adsense.verification_code = code;
        for (const [position, value] of Object.entries(body.adsense.codes ?? {})) {
          const text = (value ?? '').trim();
          if (text.length > ADSENSE_CODE_MAX) {
            errors.push(
              errorEntry(
                ErrorCode.invalid,
                `Ensure this field has no more than ${ADSENSE_CODE_MAX} characters.`,
                `codes.${position}`,
              ),
            );
          }
          adsense.codes[position as AdPosition] = text;
        }
        writes.ads_verification_code = adsense.verification_code;
        writes.ads_only_for_anonymous_users_enabled = String(adsense.audience === 'anonymous');
        writes.ads_manual_enabled = String(adsense.mode === 'manual');
        for (const position of AD_POSITIONS) {
          writes[ADSENSE_CODE_PREFERENCE[position]] = adsense.codes[position];
        }
      }
      if (system === 'adsense' && body.system === 'adsense') {
        if (!adsense.verification_code) {
          errors.push(errorEntry(ErrorCode.required, M.verificationRequired, 'verification_code'));
        }
        if (!current.custom_domain) {
          errors.push(errorEntry(AdvertisingErrorCode.adsenseNeedsDomain, M.adsenseNeedsDomain, 'system'));
        }
      }
      if (errors.length > 0) throw new AppError(400, errors);
      if (body.system !== undefined) {
        writes.custom_adv_enabled = String(system === 'custom');
        writes.ads_enabled = String(system === 'adsense');
      }
      if (body.custom?.only_for_anonymous !== undefined) {
        writes.custom_adv_only_for_anonymous_users_enabled = String(body.custom.only_for_anonymous);
      }
      await writeValues(
        db,
        stackId,
        Object.entries(writes).map(([name, value]) => ({ name, section: 'advertising', value })),
        accountId,
        clock.now(),
      );
      return settings(stackId);
    },

    async list(stackId: number, q: { position?: AdPosition; limit: number; offset: number }) {
      const page = await repo.adPage(db, stackId, { position: q.position }, q.limit, q.offset);
      return { count: page.count, results: await present(stackId, page.rows) };
    },

    async add(stack: Stack, by: Staff, body: CustomAdWriteBody): Promise<CustomAd> {
      const checked = await checkedAd(stack, body);
      const id = await repo.insertAd(db, stack.stackId, checked, by, clock.now());
      return (await present(stack.stackId, [await ad(stack.stackId, id)]))[0] as CustomAd;
    },

    async update(stack: Stack, id: number, body: CustomAdWriteBody): Promise<CustomAd> {
      const current = await ad(stack.stackId, id);
      const checked = await checkedAd(stack, body, current);
      await repo.updateAd(db, stack.stackId, id, checked, clock.now());
      if (current.image && current.image !== checked.image)
        await dropImageIfUnused(stack.stackId, current.image);
      return (await present(stack.stackId, [await ad(stack.stackId, id)]))[0] as CustomAd;
    },

    async remove(stackId: number, id: number): Promise<{ id: number; deleted: true }> {
      const current = await ad(stackId, id);
      if (!(await repo.deleteAd(db, stackId, id))) throw AppError.notFound(M.adNotFound);
      if (current.image) await dropImageIfUnused(stackId, current.image);
      return { id, deleted: true };
    },

    /** A page of ads for the member API (empty while members may not see ads). */
    async memberPage(
      stackId: number,
      reader: AdReader,
      q: MemberAdQuery,
      limit: number | undefined,
      offset: number,
    ): Promise<{ count: number; results: MemberCustomAd[] }> {
      if (!(await memberFilter(stackId, reader))) return { count: 0, results: [] };
      const page = await repo.adPage(
        db,
        stackId,
        {
          ...(q.position ? { position: q.position } : {}),
          ...(q.categories ? { categories: q.categories } : {}),
          ...(q.search ? { search: q.search } : {}),
          ...(reader.manager ? (q.active === undefined ? {} : { active: q.active }) : { active: true }),
        },
        limit,
        offset,
      );
      return { count: page.count, results: page.rows.map(toMemberCustomAd) };
    },

    /** One ad for the member API (404 while members may not see it). */
    async memberOne(stackId: number, reader: AdReader, id: number): Promise<MemberCustomAd> {
      const row = await repo.findAd(db, stackId, id);
      if (!row || !(await memberFilter(stackId, reader)) || (!row.active && !reader.manager)) {
        throw AppError.notFound(M.adNotFound);
      }
      return toMemberCustomAd(row);
    },

    /** A stored ad image by the community's slug (public route). */
    async image(slug: string, hash: string, file: string) {
      const stack = await findStackBySlug(db, slug);
      return stack ? readAdImage(storage, stack.id, hash, file) : undefined;
    },
  };
}
