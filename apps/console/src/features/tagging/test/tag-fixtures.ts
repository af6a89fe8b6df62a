import type { Tag } from '@agora/contract';

/** The user tag the tagging screens' tests work with, under the id each test's routes use. */
export function ambassadorsTag(id: number): Tag {
  return {
    id,
    type: 'user',
    name: 'Ambassadors',
    description: '',
    color: '#DCDBDC',
    visible: true,
    visibility_boost: false,
    active: true,
    created_at: '2026-11-01T00:00:00.000Z',
    assigned_count: 0,
  };
}
