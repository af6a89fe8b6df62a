import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as it from '@zxcvbn-ts/language-it';
import { MEMBER_PEOPLE_MESSAGES as M } from '@agora/contract';

/** zxcvbn's 0–4 scale: 3 is "safely unguessable" (about 10^8 guesses and more, offline throttled). */
export const PASSWORD_MIN_SCORE = 3;

/** Why a password is refused (Django's validator codes, as SelfCommunity's clients know them). */
export type PasswordWeakness = 'password_too_common' | 'password_too_similar' | 'password_too_weak';

export const PASSWORD_WEAKNESS_MESSAGES: Record<PasswordWeakness, string> = {
  password_too_common: M.passwordTooCommon,
  password_too_similar: M.passwordTooSimilar,
  password_too_weak: M.passwordWeak,
};

let estimator: ZxcvbnFactory | undefined;

/** Built on first use (its ranked dictionaries take a moment): common passwords, English and Italian words. */
function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, ...it.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return estimator;
}

function weaknessOf(result: ZxcvbnResult): PasswordWeakness {
  const names = result.sequence.map((match) =>
    match.pattern === 'dictionary' ? String((match as { dictionaryName?: string }).dictionaryName) : '',
  );
  if (names.includes('userInputs')) return 'password_too_similar';
  if (names.some((name) => name.startsWith('passwords'))) return 'password_too_common';
  return 'password_too_weak';
}

/**
 * The one password rule of every path that sets a password (member sign-up, SSO sign-up with a
 * password, the first admin's AGORA_ADMIN_PASSWORD): a strength estimate of at least
 * PASSWORD_MIN_SCORE, counting common and breached-pattern passwords, English and Italian words,
 * keyboard walks, dates, repeats and l33t changes, and the person's own username, e-mail and name
 * (`userInputs`) as known words. Lengths are checked before (the contract's checks).
 */
export function passwordWeakness(
  password: string,
  userInputs: ReadonlyArray<string | null | undefined>,
): { code: PasswordWeakness; message: string } | undefined {
  const inputs = userInputs
    .flatMap((input) => {
      const value = (input ?? '').trim().toLowerCase();
      // An e-mail counts whole and by its local part.
      return value.includes('@') ? [value, value.split('@')[0] ?? ''] : [value];
    })
    .filter((value) => value.length >= 3);
  const result = strengthEstimator().check(password, inputs);
  if (result.score >= PASSWORD_MIN_SCORE) return undefined;
  const code = weaknessOf(result);
  return { code, message: PASSWORD_WEAKNESS_MESSAGES[code] };
}
