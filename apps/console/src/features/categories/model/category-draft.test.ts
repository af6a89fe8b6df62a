import { describe, expect, it } from 'vitest';
import { categoryFixture } from '../test/category-fixtures.ts';
import { bodyOf, draftOf, withName } from './category-draft.ts';

describe('category draft', () => {
  it('derives the permalink of a new category from its title until it is edited', () => {
    let draft = withName(draftOf(null), 'Città & Café');
    expect(draft.slug).toBe('citta-cafe');
    expect(bodyOf(draft).slug).toBe('');
    draft = { ...draft, slug: 'my-city', slugEdited: true };
    draft = withName(draft, 'Something else');
    expect(draft.slug).toBe('my-city');
    expect(bodyOf(draft)).toMatchObject({ name: 'Something else', slug: 'my-city' });
  });

  it('keeps the permalink of an existing category when its title changes', () => {
    const draft = withName(draftOf(categoryFixture(3, 'Travel')), 'Journeys');
    expect(bodyOf(draft)).toMatchObject({ name: 'Journeys', slug: 'travel' });
  });
});
