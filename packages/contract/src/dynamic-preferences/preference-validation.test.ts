import { describe, expect, it } from 'vitest';
import { EMAIL_URL_OVERRIDES, PREFERENCE_CATALOGUE, preferenceDefinition } from './preference-catalogue.ts';
import { checkPreferenceValue, readPreferenceValue } from './preference-validation.ts';

const def = (name: string) => {
  const found = preferenceDefinition(name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};
const check = (name: string, value: unknown) => checkPreferenceValue(def(name), value);

describe('preference catalogue', () => {
  it('has unique names, 18 email URL overrides and the spec sections', () => {
    const names = PREFERENCE_CATALOGUE.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    expect(EMAIL_URL_OVERRIDES).toHaveLength(18);
    const sections = new Set(PREFERENCE_CATALOGUE.map((d) => d.section));
    for (const s of [
      'text',
      'logo',
      'covers',
      'configurations',
      'images',
      'staff',
      'addons',
      'providers',
      'webmaster',
    ]) {
      expect(sections.has(s as never), s).toBe(true);
    }
  });

  it('finds preferences by name or section.name only when the section matches', () => {
    expect(preferenceDefinition('colors.colorprimary')?.name).toBe('colorprimary');
    expect(preferenceDefinition('text.colorprimary')).toBeUndefined();
  });
});

describe('checkPreferenceValue', () => {
  it('clamps incubator subscribers into 10..1200', () => {
    expect(check('incubator_subscribers', 5)).toEqual({ ok: true, stored: '10' });
    expect(check('incubator_subscribers', '5000')).toEqual({ ok: true, stored: '1200' });
    expect(check('incubator_subscribers', 'many').ok).toBe(false);
  });

  it('limits the slogan to 300 characters', () => {
    expect(check('application_slogan1', 'x'.repeat(300)).ok).toBe(true);
    const long = check('application_slogan1', 'x'.repeat(301));
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.problem.code).toBe('max_length');
  });

  it('needs {id} in content email URLs, {id} or {ext_id} in profiles, {validation_code} in email checks', () => {
    const post = check('url_template_post', 'https://c.example.org/posts/latest');
    expect(post).toEqual({
      ok: false,
      problem: {
        code: 'url_placeholder',
        message: 'Url not valid. It must contains {id}.',
        params: { placeholder: '{id}' },
      },
    });
    expect(check('url_template_post', 'https://c.example.org/posts/{id}').ok).toBe(true);
    expect(check('url_template_profile', 'https://c.example.org/u/{ext_id}').ok).toBe(true);
    expect(check('url_template_profile', 'https://c.example.org/u/{username}').ok).toBe(false);
    expect(check('url_template_verify_email', 'https://c.example.org/verify/{validation_code}').ok).toBe(
      true,
    );
    expect(check('url_template_verify_email', 'https://c.example.org/verify/{id}').ok).toBe(false);
  });

  it('needs email URLs to be absolute, with known placeholders; empty means no override', () => {
    const relative = check('url_template_post', '/posts/{id}');
    expect(relative.ok).toBe(false);
    if (!relative.ok) expect(relative.problem.message).toBe('This input is not a valid url');
    expect(check('url_template_post', 'https://c.example.org/{id}/{secret}').ok).toBe(false);
    expect(check('url_template_post', '')).toEqual({ ok: true, stored: '' });
  });

  it('reads booleans as true/false and anything else as null', () => {
    expect(check('comments_enabled', 'True')).toEqual({ ok: true, stored: 'true' });
    expect(check('comments_enabled', 'maybe').ok).toBe(false);
    expect(readPreferenceValue(def('comments_enabled'), 'false')).toBe(false);
    expect(readPreferenceValue(def('comments_enabled'), 'yes')).toBeNull();
    expect(readPreferenceValue(def('comments_enabled'), null)).toBe(true);
    expect(readPreferenceValue(def('font_size'), '16')).toBe(16);
  });

  it('refuses secrets, typed-in images, the plan and unsafe html', () => {
    expect(check('jwt_secret_key', 'abc').ok).toBe(false);
    expect(check('navbar_logo', 'https://evil.example/x.png').ok).toBe(false);
    expect(check('navbar_logo', '').ok).toBe(true);
    expect(check('subscription_tier', 'ENTERPRISE').ok).toBe(false);
    expect(check('gdpr_signup_accept_html', '<p onclick="x()">hi</p>').ok).toBe(false);
    expect(check('gdpr_signup_accept_html', '<p>I accept the <a href="https://x.org">terms</a></p>').ok).toBe(
      true,
    );
  });

  it('checks a tag manager container id format', () => {
    expect(check('tag_manager_container_id', 'GTM-AB12CD').ok).toBe(true);
    expect(check('tag_manager_container_id', 'gtm-<script>').ok).toBe(false);
  });

  it('checks colours and enums', () => {
    expect(check('colorprimary', '#ABCDEF')).toEqual({ ok: true, stored: '#abcdef' });
    expect(check('colorprimary', 'teal').ok).toBe(false);
    expect(check('font_family', 'Source Sans Pro').ok).toBe(true);
    expect(check('font_family', 'Comic Sans').ok).toBe(false);
  });
});
