import { describe, expect, it } from 'vitest';
import { embeddingAllowed, type EmbeddingContext } from './embedding-check.ts';

const base: EmbeddingContext = {
  inFrame: true,
  consoleOrigin: 'https://console.example',
  parentOrigin: 'https://evil.example',
  allowedOrigins: ['https://partner.example'],
  testFlag: false,
};

describe('embedding check', () => {
  it('passes outside a frame', () => {
    expect(embeddingAllowed({ ...base, inFrame: false })).toBe(true);
  });

  it('passes for the console origin and listed origins only', () => {
    expect(embeddingAllowed({ ...base, parentOrigin: 'https://console.example' })).toBe(true);
    expect(embeddingAllowed({ ...base, parentOrigin: 'https://partner.example' })).toBe(true);
    expect(embeddingAllowed(base)).toBe(false);
  });

  it('fails when the parent origin is unknown, unless the test flag is set', () => {
    expect(embeddingAllowed({ ...base, parentOrigin: null })).toBe(false);
    expect(embeddingAllowed({ ...base, parentOrigin: null, testFlag: true })).toBe(true);
  });
});
