import { describe, expect, it } from 'vitest';
import { publicUrlReaches, readPublicUrl } from './public-url.ts';
import { communityPath } from '../stack/community-path.ts';

describe('the public address and the address in use (issue 12 §1)', () => {
  it('reads the deployment PUBLIC_URL the server writes into the page', () => {
    const doc = document.implementation.createHTMLDocument('');
    expect(readPublicUrl(doc)).toBeNull();
    doc.head.innerHTML = '<meta name="agora-public-url" content=" https://community.example.org ">';
    expect(readPublicUrl(doc)).toBe('https://community.example.org');
  });

  it('says links lead back when scheme, host and port match, any loopback name standing for this machine', () => {
    expect(publicUrlReaches('http://localhost:3000', 'http://127.0.0.1:3000')).toBe(true);
    expect(publicUrlReaches('http://127.0.0.1:3000', 'http://[::1]:3000')).toBe(true);
    expect(publicUrlReaches('https://community.example.org', 'https://community.example.org')).toBe(true);
  });

  it('says they do not for another port, scheme or host (a LAN address is not localhost)', () => {
    expect(publicUrlReaches('http://127.0.0.3:9', 'http://127.0.0.1:3000')).toBe(false);
    expect(publicUrlReaches('http://localhost:3000', 'https://localhost:3000')).toBe(false);
    expect(publicUrlReaches('http://localhost:3000', 'http://192.168.1.20:3000')).toBe(false);
    expect(publicUrlReaches('not a url', 'http://127.0.0.1:3000')).toBeUndefined();
  });

  it("calls a community on the console's own origin, whatever host its internal url names", () => {
    expect(communityPath('http://localhost:3000/c/demo')).toBe('/c/demo');
    expect(communityPath('https://elsewhere.example.org/c/demo/')).toBe('/c/demo');
    expect(communityPath('/c/demo')).toBe('/c/demo');
  });
});
