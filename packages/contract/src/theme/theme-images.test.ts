import { describe, expect, it } from 'vitest';
import {
  coverSrcSet,
  imageKindOf,
  imagePreference,
  imageVariantUrl,
  mediaParts,
  sniffImageFormat,
} from './theme-images.ts';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('image checks shared by the server and the console', () => {
  it('recognises PNG, JPEG, GIF and WebP by their first bytes only', () => {
    expect(sniffImageFormat(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffImageFormat(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffImageFormat(new TextEncoder().encode('GIF89a..'))).toBe('gif');
    expect(sniffImageFormat(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImageFormat(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImageFormat(new TextEncoder().encode('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(sniffImageFormat(bytes(0x89, 0x50, 0x4e))).toBeNull();
  });

  it('names the image preferences and their kind of variants', () => {
    expect(imagePreference('navbar_logo')?.maxMb).toBe(2);
    expect(imagePreference('cover_4_hp_m1920')?.maxMb).toBe(5);
    expect(imagePreference('application_name')).toBeUndefined();
    expect(imageKindOf({ name: 'navbar_logo', section: 'logo' })).toBe('logo');
    expect(imageKindOf({ name: 'cover_1_hp_m1920', section: 'covers' })).toBe('cover');
    expect(imageKindOf({ name: 'user_default_avatar', section: 'images' })).toBe('square');
  });

  it('derives variant addresses and the cover srcset from a stored address', () => {
    const url = `http://agora.test/c/demo/media/${'ab'.repeat(16)}/original.jpg`;
    expect(mediaParts(url)).toEqual({ hash: 'ab'.repeat(16), extension: 'jpg' });
    expect(imageVariantUrl(url, 'w480')).toBe(url.replace('original.jpg', 'w480.webp'));
    expect(coverSrcSet(url).split(', ')).toHaveLength(4);
    expect(coverSrcSet(url)).toContain('w1280.webp 1280w');
    expect(coverSrcSet('https://elsewhere.example/logo.png')).toBe('');
    expect(imageVariantUrl('https://elsewhere.example/logo.png', 'w480')).toBe(
      'https://elsewhere.example/logo.png',
    );
  });
});
