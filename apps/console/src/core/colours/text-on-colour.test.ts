import { describe, expect, it } from 'vitest';
import { textOnColour } from './text-on-colour.ts';

describe('text on an owner-picked colour', () => {
  it('writes white on dark colours and black on light ones', () => {
    expect(textOnColour('#000000')).toBe('#ffffff');
    expect(textOnColour('#1a237e')).toBe('#ffffff');
    expect(textOnColour('#ffffff')).toBe('#000000');
    expect(textOnColour('#ffeb3b')).toBe('#000000');
    expect(textOnColour('#fff')).toBe('#000000');
  });

  it('keeps at least 4.5:1 where black would not (a mid red)', () => {
    // #d32f2f: black gives 3.1:1, white 6.8:1.
    expect(textOnColour('#d32f2f')).toBe('#ffffff');
    // #4caf50: black gives 7.6:1, white 2.8:1.
    expect(textOnColour('#4caf50')).toBe('#000000');
  });

  it('leaves the text colour alone for what is not a hex colour', () => {
    expect(textOnColour('teal')).toBe('inherit');
    expect(textOnColour('')).toBe('inherit');
  });
});
