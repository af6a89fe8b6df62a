import { preferencePaths, userPreferenceSchema, type UserPreferenceKey } from '@agora/contract';
import { z } from 'zod';
import { apiData } from '../http/api-client.ts';

export async function fetchPreferences(key?: UserPreferenceKey) {
  const data = await apiData<unknown>({ path: preferencePaths.list, query: { key } });
  return z.array(userPreferenceSchema).parse(data);
}

export async function addPreference(key: UserPreferenceKey, value: string) {
  const data = await apiData<unknown>({ method: 'POST', path: preferencePaths.list, body: { key, value } });
  return userPreferenceSchema.parse(data);
}

export async function updatePreference(id: number, value: string) {
  const path = preferencePaths.one.replace(':id', String(id));
  const data = await apiData<unknown>({ method: 'PATCH', path, body: { value } });
  return userPreferenceSchema.parse(data);
}
