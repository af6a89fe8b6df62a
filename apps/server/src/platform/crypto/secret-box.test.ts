import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey } from './secret-box.ts';

describe('secret box', () => {
  it('round-trips and never stores the plain text', () => {
    const box = createSecretBox('k'.repeat(40));
    const sealed = box.seal('smtp-password');
    expect(sealed).not.toContain('smtp-password');
    expect(box.seal('smtp-password')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('smtp-password');
  });

  it('refuses a tampered value or another key', () => {
    const box = createSecretBox('one-key-one-key-one-key-one-key-1');
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => createSecretBox('another-key-another-key-another-1').open(sealed)).toThrow();
  });

  it('creates an owner-only key file once and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-key-'));
    const first = loadSecretKey(undefined, dir);
    expect(loadSecretKey(undefined, dir)).toBe(first);
    expect(fs.statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(loadSecretKey('configured', dir)).toBe('configured');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
