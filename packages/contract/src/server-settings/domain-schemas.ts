import { z } from 'zod';
import { errorEntry } from '../error-envelope.ts';
import { REQUIRED_MESSAGE, ServerSettingsErrorCode, type CheckResult } from './server-settings-errors.ts';

/** A community's own domain (spec mgmt §2 "Domain settings"); null when it uses the platform's address. */
export const domainSettingsSchema = z.object({ domain: z.string().nullable() });
export type DomainSettings = z.infer<typeof domainSettingsSchema>;

/** `domain` empty or absent removes the custom domain. */
export const domainSettingsBodySchema = z.object({ domain: z.string().max(300).optional() });

export const INVALID_DOMAIN_MESSAGE = 'Enter a valid domain name, such as community.example.com.';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Lower-cases and trims a domain, dropping one trailing dot. */
export function normalizeDomain(raw: string): string {
  return raw.trim().toLowerCase().replace(/\.$/, '');
}

/** A host name with at least two labels and an alphabetic top level (no IP address, port or path). */
export function isValidDomain(domain: string): boolean {
  if (domain.length === 0 || domain.length > 253) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  return labels.every((label) => LABEL.test(label)) && TOP_LEVEL.test(labels[labels.length - 1] ?? '');
}

/** Checks the submitted domain: null means "no custom domain". */
export function checkDomain(
  raw: string | undefined,
  options: { required?: boolean } = {},
): CheckResult<string | null> {
  const domain = normalizeDomain(raw ?? '');
  if (domain === '') {
    return options.required
      ? { ok: false, errors: [errorEntry(ServerSettingsErrorCode.required, REQUIRED_MESSAGE, 'domain')] }
      : { ok: true, value: null };
  }
  if (!isValidDomain(domain)) {
    return {
      ok: false,
      errors: [errorEntry(ServerSettingsErrorCode.invalidDomain, INVALID_DOMAIN_MESSAGE, 'domain')],
    };
  }
  return { ok: true, value: domain };
}

export const domainSettingsPaths = {
  /** Relative to a stack's internal_url. */
  domain: '/platform/api/v1/domain/',
} as const;
