import { z } from 'zod';
import { PREFERENCE_SECTIONS } from './preference-catalogue.ts';

export const preferenceValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** A community's dynamic preference as the API answers it. */
export const dynamicPreferenceSchema = z.object({
  id: z.number().int(),
  section: z.enum(PREFERENCE_SECTIONS),
  name: z.string(),
  value: preferenceValueSchema,
  type: z.string(),
});
export type DynamicPreference = z.infer<typeof dynamicPreferenceSchema>;

export const getPreferenceQuerySchema = z.object({
  section: z.enum(PREFERENCE_SECTIONS).optional(),
  name: z.string().min(1).max(100),
});
export const getPreferenceListQuerySchema = z.object({
  preferences_list: z.string().min(1).max(10000).describe('Names (or section.name) joined by commas'),
});
export const rawImageQuerySchema = z.object({ name: z.string().min(1).max(100) });
export const updateDynamicPreferenceBodySchema = z.object({
  name: z.string().min(1).max(100),
  value: z.union([z.string(), z.number(), z.boolean()]).optional(),
});
/** `update_multi/`: a map name → value. */
export const updateMultiBodySchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);

export const jwtSecretSchema = z.object({ jwt_secret_key: z.string(), jwt_algorithm: z.string() });

export const dynamicPreferencePaths = {
  get: '/platform/api/v1/dynamic_preference/get/',
  getList: '/platform/api/v1/dynamic_preference/get_list/',
  getRawImage: '/platform/api/v1/dynamic_preference/get_raw_image/',
  update: '/platform/api/v1/dynamic_preference/update/',
  updateMulti: '/platform/api/v1/dynamic_preference/update_multi/',
  refreshJwtSecret: '/platform/api/v1/configuration/jwt/refresh_secret/',
} as const;
