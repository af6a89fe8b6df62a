import type { AnalyticsUserRow, UserInsight } from '@agora/contract';

/** A row of the table by user as the server answers it. */
export function userRow(id: number, overrides: Partial<AnalyticsUserRow> = {}): AnalyticsUserRow {
  return {
    id,
    username: `user${id}`,
    name: `User ${id}`,
    email: null,
    registered_at: '2026-01-05T10:00:00.000Z',
    registered_from: 'desktop',
    device: 'desktop',
    last_login: null,
    status: 'active',
    score: 1200,
    days_missing: 3,
    tags: [],
    interests: [],
    visits: 4,
    unique_accesses: 2,
    contributions: 1,
    posts: 1,
    discussions: 0,
    statuses: 0,
    polls: 0,
    comments: 5,
    connections: 0,
    followers: 0,
    followings: 0,
    appreciations_given: 0,
    appreciations_received: 12345,
    shares: 0,
    contents_viewed: 0,
    private_messages: 0,
    uploads: 0,
    poll_votes: 0,
    ...overrides,
  };
}

export function usersPage(total: number, offset: number, limit: number) {
  const results = [];
  for (let id = offset + 1; id <= Math.min(total, offset + limit); id += 1) results.push(userRow(id));
  return { data: { count: total, next: null, previous: null, results } };
}

export const insight: UserInsight = {
  profile: {
    id: 1,
    username: 'user1',
    name: 'User One',
    email: 'one@example.org',
    registered_at: '2026-01-05T10:00:00.000Z',
    last_login: null,
    status: 'active',
    score: 1500,
    role: null,
    counts: {
      contributions: 3,
      comments: 7,
      appreciations_given: 2,
      appreciations_received: 9,
      shares: 1,
      connections: 1,
      followers: 2,
      followings: 0,
      visits: 40,
    },
  },
  most_appreciated: [
    { id: 10, type: 'post', title: 'Loved post', created_at: '2026-02-01T00:00:00Z', count: 9 },
  ],
  most_commented: [
    { id: 11, type: 'discussion', title: 'Hot debate', created_at: '2026-02-02T00:00:00Z', count: 4 },
  ],
  most_shared: [],
  connections: { count: 1, results: [{ id: 2, username: 'friend', name: 'A Friend' }] },
  followers: {
    count: 2,
    results: [
      { id: 3, username: 'fan1', name: '' },
      { id: 4, username: 'fan2', name: '' },
    ],
  },
  followings: { count: 0, results: [] },
  categories: { contributed: [{ id: 5, name: 'Travel', count: 3 }], interests: [{ id: 6, name: 'Food' }] },
};
