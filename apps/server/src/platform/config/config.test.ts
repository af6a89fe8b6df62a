import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a first start', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.adminPassword).toBeUndefined();
    expect(c.accessTokenTtlSeconds).toBe(36000);
    expect(c.refreshFamilyTtlSeconds).toBe(259200);
    expect(c.frameAncestors).toEqual(["'self'"]);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      PUBLIC_URL: 'https://console.example.org/',
      DATA_DIR: '/var/lib/agora',
      DATABASE_URL: 'postgres://agora:pw@db:5432/agora',
      AGORA_ADMIN_EMAIL: 'owner@example.org',
      AGORA_ADMIN_PASSWORD: 'long-enough-password',
      AGORA_ACCESS_TOKEN_TTL: '600',
      AGORA_CORS_ORIGINS: 'https://a.example.org, https://b.example.org/path',
      AGORA_FRAME_ANCESTORS: "'self' https://portal.example.org",
    });
    expect(c).toMatchObject({
      port: 9000,
      publicUrl: 'https://console.example.org',
      dataDir: '/var/lib/agora',
      databaseUrl: 'postgres://agora:pw@db:5432/agora',
      adminEmail: 'owner@example.org',
      accessTokenTtlSeconds: 600,
      corsOrigins: ['https://a.example.org', 'https://b.example.org'],
      frameAncestors: ["'self'", 'https://portal.example.org'],
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'console.example.org'],
    ['DATABASE_URL', 'mysql://db/agora'],
    ['AGORA_ADMIN_EMAIL', 'not-an-email'],
    ['AGORA_ADMIN_PASSWORD', 'short'],
    ['AGORA_CORS_ORIGINS', 'not a url'],
    ['AGORA_FRAME_ANCESTORS', '*'],
    ['AGORA_SMTP_ALLOW_PRIVATE', 'yes'],
    ['AGORA_SMTP_ALLOWED_HOSTS', 'mail.example.org, bad/host'],
    ['AGORA_MAX_IN_FLIGHT', '0'],
    ['AGORA_MAX_QUEUED', '-1'],
    ['AGORA_MAX_QUEUE_WAIT_MS', 'soon'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(name);
    expect((error as Error).message).toContain(name);
  });

  it('reads the outbound SMTP allowance and the admission limit', () => {
    expect(loadConfig({})).toMatchObject({
      smtpAllowPrivate: false,
      smtpAllowedHosts: [],
      maxInFlightRequests: 64,
      maxQueuedRequests: 256,
      maxQueueWaitMs: 5000,
    });
    expect(
      loadConfig({
        AGORA_SMTP_ALLOW_PRIVATE: 'true',
        AGORA_SMTP_ALLOWED_HOSTS: 'relay.internal, 10.0.0.5 [fd00::25]',
        AGORA_MAX_IN_FLIGHT: '8',
        AGORA_MAX_QUEUED: '0',
        AGORA_MAX_QUEUE_WAIT_MS: '250',
      }),
    ).toMatchObject({
      smtpAllowPrivate: true,
      smtpAllowedHosts: ['relay.internal', '10.0.0.5', '[fd00::25]'],
      maxInFlightRequests: 8,
      maxQueuedRequests: 0,
      maxQueueWaitMs: 250,
    });
  });

  it('never repeats a password in its message', () => {
    expect(() => loadConfig({ AGORA_ADMIN_PASSWORD: 'abc' })).toThrow(/AGORA_ADMIN_PASSWORD/);
    try {
      loadConfig({ AGORA_ADMIN_PASSWORD: 'abc' });
    } catch (e) {
      expect((e as Error).message).not.toContain('abc');
    }
  });
});
