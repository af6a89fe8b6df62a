import type { SessionUser, Stack, Token, UserPreference } from '@agora/contract';

export const user: SessionUser = {
  id: 7,
  first_name: 'Ada',
  last_name: 'Rossi',
  username: 'ada',
  email: 'ada@example.com',
  initials: 'AR',
  email_is_verified: true,
  last_login: null,
  date_joined: '2024-01-01T00:00:00Z',
  perms: [],
  professional_subscriptions: [],
  language: 'en',
};

export const token: Token = {
  access_token: 'access-1',
  token_type: 'Bearer',
  expires_in: 3600,
  refresh_token: 'refresh-1',
  client_id: 'console',
  scope: 'read write',
};

export const preferences: UserPreference[] = [
  { id: 1, key: 'language', value: 'it' },
  { id: 2, key: 'platform_tour', value: 'closed' },
];

export const stack: Stack = {
  id: 3,
  slug: 'demo',
  token: null,
  roles: ['admin'],
  username: 'ada',
  internal_url: 'http://localhost:3000/c/demo',
  userId: 11,
  authToken: null,
  data_provisioning_token: null,
  communityType: 'community',
  communityName: 'Demo',
  status: 'online',
  features: [],
};
