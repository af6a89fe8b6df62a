import {
  dynamicPreferencePaths as paths,
  dynamicPreferenceSchema,
  type DynamicPreference,
  type PreferenceValue,
} from '@agora/contract';
import { z } from 'zod';
import { apiData } from '../http/api-client.ts';

export async function fetchDynamicPreferences(names: string[]): Promise<DynamicPreference[]> {
  const answer = await apiData<unknown>({
    target: 'stack',
    path: `${paths.getList}?preferences_list=${encodeURIComponent(names.join(','))}`,
  });
  return z.array(dynamicPreferenceSchema).parse(answer);
}

/** `update_multi/`: a map name → value, all or nothing. */
export async function updateDynamicPreferences(
  values: Record<string, PreferenceValue>,
): Promise<DynamicPreference[]> {
  const body = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value ?? '']));
  const answer = await apiData<unknown>({
    target: 'stack',
    method: 'POST',
    path: paths.updateMulti,
    body,
    json: true,
  });
  return Object.values(z.record(z.string(), dynamicPreferenceSchema).parse(answer));
}
