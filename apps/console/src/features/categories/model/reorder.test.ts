import { describe, expect, it } from 'vitest';
import { moveItem } from './reorder.ts';

describe('moveItem', () => {
  it('moves an item up, down, and keeps it inside the list', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 5)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 7, 0)).toEqual(['a', 'b', 'c']);
  });
});
