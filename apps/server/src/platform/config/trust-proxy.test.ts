import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { trustProxyOption } from './trust-proxy.ts';

describe('AGORA_TRUST_PROXY', () => {
  it('trusts nobody by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('reads addresses, CIDRs and named ranges, or a hop count', () => {
    expect(loadConfig({ AGORA_TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'loopback',
    ]);
    expect(loadConfig({ AGORA_TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['yes', 'true', '10.0.0.0/33', '0', '300', 'proxy.example.com', '10.0.0.1/8/1']) {
      expect(() => loadConfig({ AGORA_TRUST_PROXY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ AGORA_TRUST_PROXY: bad })).toThrow(/AGORA_TRUST_PROXY/);
    }
  });

  it('gives Fastify a hop count as a function of the hop', () => {
    const trust = trustProxyOption(2);
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect(trust('10.0.0.1', 0)).toBe(true);
    expect(trust('10.0.0.2', 1)).toBe(true);
    expect(trust('10.0.0.3', 2)).toBe(false);
    expect(trustProxyOption(false)).toBe(false);
  });
});
