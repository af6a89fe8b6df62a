import { describe, expect, it } from 'vitest';
import { mediaUrlOnThisOrigin } from './use-media-url.ts';

const INTERNAL = 'http://localhost:3000/c/demo';

describe("a community's file on the console's own origin", () => {
  it('turns a URL on the public origin into the same path here', () => {
    expect(mediaUrlOnThisOrigin('http://localhost:3000/c/demo/media/ab12/original.png', INTERNAL)).toBe(
      '/c/demo/media/ab12/original.png',
    );
    expect(mediaUrlOnThisOrigin('http://localhost:3000/c/demo/reactions/images/x.svg?v=2', INTERNAL)).toBe(
      '/c/demo/reactions/images/x.svg?v=2',
    );
  });

  it('leaves outside images, previews and unparsable values alone', () => {
    expect(mediaUrlOnThisOrigin('https://cdn.example.com/logo.png', INTERNAL)).toBe(
      'https://cdn.example.com/logo.png',
    );
    expect(mediaUrlOnThisOrigin('blob:http://127.0.0.1:3000/1234', INTERNAL)).toBe(
      'blob:http://127.0.0.1:3000/1234',
    );
    expect(mediaUrlOnThisOrigin('data:image/png;base64,AAAA', INTERNAL)).toBe('data:image/png;base64,AAAA');
    expect(mediaUrlOnThisOrigin('blob:http://localhost:3000/1234', INTERNAL)).toBe(
      'blob:http://localhost:3000/1234',
    );
    expect(mediaUrlOnThisOrigin('/c/demo/media/a.png', INTERNAL)).toBe('/c/demo/media/a.png');
    expect(mediaUrlOnThisOrigin('http://localhost:3000/c/demo/media/a.png', '')).toBe(
      'http://localhost:3000/c/demo/media/a.png',
    );
  });
});
