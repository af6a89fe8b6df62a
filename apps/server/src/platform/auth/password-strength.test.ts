import { describe, expect, it } from 'vitest';
import { passwordWeakness } from './password-strength.ts';

describe('passwordWeakness', () => {
  it.each(['Passw0rd', 'password1A', 'P@ssw0rd123', 'iloveyou2', 'letmein!', 'Tesoro123', 'Forzainter1'])(
    'refuses the common or breached-pattern password %s',
    (password) => {
      expect(passwordWeakness(password, [])?.code).toMatch(/^password_too_(common|weak)$/);
    },
  );

  it('counts the user inputs (username, e-mail and its local part, name) as known words', () => {
    expect(passwordWeakness('Zanzibar-1977', ['zanzibar'])?.code).toBe('password_too_similar');
    expect(passwordWeakness('gianluca.verdi77', ['gv', 'gianluca.verdi@example.org'])?.code).toBe(
      'password_too_similar',
    );
    expect(passwordWeakness('Zanzibar-1977', [])).toBeUndefined();
  });

  it("accepts passphrases and long random strings, as the test suites' own passwords", () => {
    for (const password of [
      'correct-horse-battery',
      'e2e-correct-horse-battery',
      'quiet otter lamp fjord',
      'Sm7p-s3cret-pa55',
      'Moderator-pass-2026',
      'Str0ng-pass',
      'x8#Lq2!vZr9@',
    ])
      expect(passwordWeakness(password, ['admin', 'admin@agora.test']), password).toBeUndefined();
  });
});
