import { z } from 'zod';

/** Known console preference keys (spec core §3). */
export const USER_PREFERENCE_KEYS = ['language', 'platform_tour'] as const;
export const userPreferenceKeySchema = z.enum(USER_PREFERENCE_KEYS);
export type UserPreferenceKey = z.infer<typeof userPreferenceKeySchema>;

export const userPreferenceSchema = z.object({
  id: z.number().int(),
  key: userPreferenceKeySchema,
  value: z.string(),
});
export type UserPreference = z.infer<typeof userPreferenceSchema>;

export const addPreferenceBodySchema = z.object({
  key: userPreferenceKeySchema,
  value: z.string().max(2000),
});
export const updatePreferenceBodySchema = z.object({ value: z.string().max(2000) });
export const preferenceQuerySchema = z.object({ key: userPreferenceKeySchema.optional() });

export const preferencePaths = {
  list: '/platform/api/v1/user/preference/',
  one: '/platform/api/v1/user/preference/:id/',
} as const;
