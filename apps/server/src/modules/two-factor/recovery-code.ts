import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@agora/contract';

/** Crockford's Base32 (no i, l, o, u): 16 characters carry 80 random bits. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 16;

function newRecoveryCode(): string {
  const bytes = randomBytes(LENGTH);
  let code = '';
  for (const byte of bytes) code += ALPHABET[byte & 31];
  return code.match(/.{4}/g)!.join('-');
}

/** Ten fresh codes, shown to the account holder once (`xxxx-xxxx-xxxx-xxxx`). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newRecoveryCode());
  return [...codes];
}

/** What was typed, as stored: lower case, no spaces or dashes, look-alike letters read as digits. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
}

/** Whether a typed code has a recovery code's shape (else it is taken for a TOTP code). */
export function looksLikeRecoveryCode(typed: string): boolean {
  return normaliseRecoveryCode(typed).length === LENGTH;
}

/**
 * Stored digest. 80 random bits make a fast hash safe here (no dictionary to try), and the
 * account id in the input keeps equal digests of two accounts apart.
 */
export function digestRecoveryCode(accountId: number, typed: string): string {
  return createHash('sha256')
    .update(`${accountId}:${normaliseRecoveryCode(typed)}`, 'utf8')
    .digest('hex');
}
