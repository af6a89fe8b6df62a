import { describe, expect, it } from 'vitest';
import {
  emptyDynamicPreferences,
  loadingStarted,
  multipleReceived,
  multipleUpdateFailed,
  singleReceived,
  singleUpdateFailed,
  updatingStarted,
} from './dynamic-preference-state.ts';

const pref = (name: string, value: string | boolean) => ({
  id: 1,
  section: 'colors' as const,
  name,
  value,
  type: 'color',
});

describe('dynamic preference state', () => {
  it('tracks loading names and clears them when the values arrive', () => {
    let state = loadingStarted(emptyDynamicPreferences, ['colorprimary', 'colorback']);
    expect(state.loading).toEqual(['colorprimary', 'colorback']);
    state = singleReceived(state, pref('colorprimary', '#111111'));
    expect(state.loading).toEqual(['colorback']);
    expect(state.values.colorprimary).toBe('#111111');
    state = multipleReceived(state, [pref('colorback', '#222222')]);
    expect(state.loading).toEqual([]);
  });

  it('tracks updating names; a failure clears them, keeps the old value and records the message', () => {
    let state = multipleReceived(emptyDynamicPreferences, [pref('colorprimary', '#111111')]);
    state = updatingStarted(state, ['colorprimary', 'application_slogan1']);
    expect(state.updating).toEqual(['colorprimary', 'application_slogan1']);
    state = multipleUpdateFailed(state, ['colorprimary', 'application_slogan1'], {
      application_slogan1: { code: 'max_length', message: 'Too long' },
    });
    expect(state.updating).toEqual([]);
    expect(state.values.colorprimary).toBe('#111111');
    expect(state.errors).toEqual({
      application_slogan1: { code: 'max_length', message: 'Too long' },
    });
    state = updatingStarted(state, ['application_slogan1']);
    expect(state.errors).toEqual({});
    state = singleUpdateFailed(state, 'application_slogan1');
    expect(state.updating).toEqual([]);
  });
});
