import { describe, expect, it } from 'vitest';
import { isCurrent, matchRoute } from './route-match.ts';
import { SITE_ROUTES } from './site-routes.tsx';

const path = (pathname: string) => matchRoute(SITE_ROUTES, pathname)?.route.path;

describe("the site's route table", () => {
  it('names each page by its address, with its parameters decoded', () => {
    expect(path('/')).toBe('/');
    expect(path('/explore')).toBe('/explore');
    expect(path('/post/7/fresh-bread')).toBe('/post/:id/:slug?');
    expect(path('/discussion/7')).toBe('/discussion/:id/:slug?');
    expect(path('/category/3/bakery')).toBe('/category/:id/:slug?');
    expect(path('/messages')).toBe('/messages');
    expect(path('/messages/ann')).toBe('/messages/:username');
    expect(matchRoute(SITE_ROUTES, '/u/J%C3%BCrgen%20K')?.params).toEqual({ username: 'Jürgen K' });
    expect(matchRoute(SITE_ROUTES, '/post/7')?.params).toEqual({ id: '7', slug: undefined });
  });

  it('ignores a trailing slash and letter case', () => {
    expect(path('/explore/')).toBe('/explore');
    expect(path('/Explore')).toBe('/explore');
  });

  it('sends every other address to the not-found page', () => {
    expect(path('/nowhere')).toBe('*');
    expect(path('/post')).toBe('*');
    expect(path('/post/7/slug/more')).toBe('*');
    expect(path('/messages/ann/extra')).toBe('*');
  });

  it('prefers the most specific pattern, whatever the order of the table', () => {
    const routes = [{ path: '*' }, { path: '/u/:username' }, { path: '/u/me' }];
    expect(matchRoute(routes, '/u/me')?.route.path).toBe('/u/me');
    expect(matchRoute(routes, '/u/ann')?.route.path).toBe('/u/:username');
    expect(matchRoute(routes, '/x')?.route.path).toBe('*');
    expect(matchRoute([{ path: '/a' }], '/b')).toBeNull();
  });

  it('keeps a malformed escape as it came rather than failing the page', () => {
    expect(matchRoute(SITE_ROUTES, '/u/100%')?.params).toEqual({ username: '100%' });
  });
});

describe('a navigation link being current', () => {
  it('marks its own page and the pages under it; the home only itself', () => {
    expect(isCurrent('/categories', '/categories')).toBe(true);
    expect(isCurrent('/pages/about', '/pages/about/')).toBe(true);
    expect(isCurrent('/pages', '/pages/about')).toBe(true);
    expect(isCurrent('/pages', '/pages-old')).toBe(false);
    expect(isCurrent('/pages', '/pages/about', true)).toBe(false);
    expect(isCurrent('/', '/')).toBe(true);
    expect(isCurrent('/', '/explore')).toBe(false);
    expect(isCurrent('/search?q=x', '/search')).toBe(true);
  });
});
