import { describe, expect, it } from 'vitest';
import { installTagManager, pushPageView, readTagManagerId, type DataLayer } from './page-views.ts';

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

  it('installs the tag manager script once', () => {
    document.head.innerHTML = '';
    const target: { dataLayer?: DataLayer } = {};
    installTagManager(document, target, 'GTM-ABC');
    installTagManager(document, target, 'GTM-ABC');
    expect(document.querySelectorAll('script#agora-gtm')).toHaveLength(1);
    expect(target.dataLayer).toHaveLength(1);
  });
});
