import { describe, expect, it } from 'vitest';
import {
  chooseTagManagerId,
  installTagManager,
  pageViewTagId,
  pushPageView,
  readTagManagerId,
  type DataLayer,
} from './page-views.ts';

describe('page views', () => {
  it('pushes a pageview with path and search, creating the data layer', () => {
    const target: { dataLayer?: DataLayer } = {};
    pushPageView(target, { pathname: '/theme', search: '?tab=1' });
    pushPageView(target, { pathname: '/', search: '' });
    expect(target.dataLayer).toEqual([
      { event: 'pageview', page: '/theme?tab=1' },
      { event: 'pageview', page: '/' },
    ]);
  });

  it('reads the tag id only when configured', () => {
    document.head.innerHTML = '<meta name="agora-gtm-id" content="  ">';
    expect(readTagManagerId(document)).toBeNull();
    document.head.innerHTML = '<meta name="agora-gtm-id" content="GTM-ABC">';
    expect(readTagManagerId(document)).toBe('GTM-ABC');
  });

  it('installs a container script once per container', () => {
    document.head.innerHTML = '';
    const target: { dataLayer?: DataLayer } = {};
    installTagManager(document, target, 'GTM-ABC');
    installTagManager(document, target, 'GTM-ABC');
    expect(document.querySelectorAll('script[id^="agora-gtm"]')).toHaveLength(1);
    expect(target.dataLayer).toHaveLength(1);
    installTagManager(document, target, 'GTM-OWN1');
    const sources = [...document.querySelectorAll('script')].map((s) => s.getAttribute('src'));
    expect(sources).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABC',
      'https://www.googletagmanager.com/gtm.js?id=GTM-OWN1',
    ]);
  });

  it("prefers the community's own container, else the deployment's", () => {
    expect(chooseTagManagerId('GTM-OWN123', 'GTM-DEPLOY')).toBe('GTM-OWN123');
    expect(chooseTagManagerId(' gtm-own123 ', 'GTM-DEPLOY')).toBe('GTM-OWN123');
    expect(chooseTagManagerId('', 'GTM-DEPLOY')).toBe('GTM-DEPLOY');
    expect(chooseTagManagerId(null, 'GTM-DEPLOY')).toBe('GTM-DEPLOY');
    expect(chooseTagManagerId('', null)).toBeNull();
    // Not a container id: ignored rather than put into a script address.
    expect(chooseTagManagerId('UA-1234"><script>', 'GTM-DEPLOY')).toBe('GTM-DEPLOY');
  });

  it("waits for the selected community's preference before the first page view", () => {
    expect(pageViewTagId({ selected: false, settled: false, value: undefined }, 'GTM-DEPLOY')).toBe(
      'GTM-DEPLOY',
    );
    expect(pageViewTagId({ selected: true, settled: false, value: undefined }, 'GTM-DEPLOY')).toBeUndefined();
    expect(pageViewTagId({ selected: true, settled: true, value: 'GTM-OWN123' }, 'GTM-DEPLOY')).toBe(
      'GTM-OWN123',
    );
    expect(pageViewTagId({ selected: true, settled: true, value: '' }, 'GTM-DEPLOY')).toBe('GTM-DEPLOY');
    expect(pageViewTagId({ selected: true, settled: true, value: null }, null)).toBeNull();
  });
});
