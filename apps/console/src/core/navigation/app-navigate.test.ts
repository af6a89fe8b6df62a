import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateInside, registerNavigator } from './app-navigate.ts';

describe('navigateInside', () => {
  afterEach(() => registerNavigator(null));

  it('uses the router for console paths once registered, and leaves other addresses alone', () => {
    expect(navigateInside('/social_analytics/dashboard')).toBe(false);
    const navigate = vi.fn();
    registerNavigator(navigate);
    expect(navigateInside('/social_analytics/dashboard')).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/social_analytics/dashboard');
    expect(navigateInside('https://example.org/x')).toBe(false);
    expect(navigateInside('//example.org/x')).toBe(false);
  });
});
