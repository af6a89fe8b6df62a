import { describe, expect, it } from 'vitest';
import { activeAreaId } from './app-drawer.tsx';

const areas = [
  { id: 'home', path: '' },
  { id: 'dashboard', path: 'social_analytics/dashboard' },
  { id: 'analytics', path: 'social_analytics/*' },
  { id: 'theme', path: 'theme/*' },
];

describe('activeAreaId', () => {
  it('highlights the most specific area only', () => {
    expect(activeAreaId(areas, '/')).toBe('home');
    expect(activeAreaId(areas, '/social_analytics/dashboard')).toBe('dashboard');
    expect(activeAreaId(areas, '/social_analytics/users')).toBe('analytics');
    expect(activeAreaId(areas, '/theme/logo')).toBe('theme');
    expect(activeAreaId(areas, '/themes')).toBeUndefined();
  });
});
