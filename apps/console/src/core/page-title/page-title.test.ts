import { describe, expect, it } from 'vitest';
import { buildPageMeta, documentTitle, pageTitle, titleKeySegments } from './page-title.ts';

describe('page titles', () => {
  it('titles the sign-in page and describes it', () => {
    const meta = buildPageMeta('/signin', 'https://console.example', null);
    expect(meta).toEqual({
      title: 'Login | Agora',
      description: 'Login your Community platform',
      canonical: 'https://console.example/signin',
    });
  });

  it('describes the signup page with the free trial', () => {
    const meta = buildPageMeta('/signup', 'https://x.example', null);
    expect(meta.title).toBe('Signup | Agora');
    expect(meta.description).toBe('Start now your 30 days free trial');
  });

  it('falls back to a shorter prefix and appends the stack name on stack pages', () => {
    expect(buildPageMeta('/theme/logo', 'https://x.example', 'Demo').title).toBe('Theme | Demo | Agora');
    expect(pageTitle('/social_analytics/dashboard', 'Demo')).toBe('Social analytics | Demo');
    expect(pageTitle('/app_settings', null)).toBe('App settings');
  });

  it('skips numeric and empty segments', () => {
    expect(titleKeySegments('//12/signin/')).toEqual(['signin']);
    expect(documentTitle(pageTitle('/12/signin'))).toBe('Login | Agora');
  });

  it('uses nested keys before their prefix', () => {
    expect(pageTitle('/account/billing')).toBe('Billing');
    expect(pageTitle('/account/42/unknown')).toBe('Account');
  });

  it('falls back to the default title for unknown paths and the root', () => {
    expect(buildPageMeta('/nowhere/at/all', 'https://x.example').title).toBe('Console | Agora');
    expect(buildPageMeta('/', 'https://x.example').title).toBe('Console | Agora');
  });

  it("titles a community's home with the community name", () => {
    expect(buildPageMeta('/', 'https://x.example', 'Demo').title).toBe('Demo | Agora');
    expect(buildPageMeta('/nowhere', 'https://x.example', 'Demo').title).toBe('Console | Agora');
  });

  it('shows only the product name for an empty title', () => {
    expect(documentTitle('')).toBe('Agora');
  });
});
