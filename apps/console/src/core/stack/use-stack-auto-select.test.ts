import { describe, expect, it } from 'vitest';
import { stack } from '../../test/fixtures.ts';
import { stackToSelect } from './use-stack-auto-select.ts';

describe('community auto-selection', () => {
  const other = { ...stack, id: 9, communityName: 'Other' };

  it('keeps the selected community while it is listed', () => {
    expect(stackToSelect([stack, other], 9)).toBe(other);
  });

  it('selects the first when none or an unlisted one is selected', () => {
    expect(stackToSelect([stack, other], null)).toBe(stack);
    expect(stackToSelect([stack, other], 404)).toBe(stack);
    expect(stackToSelect([], 3)).toBeNull();
  });
});
