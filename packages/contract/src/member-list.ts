import { z } from 'zod';

/** limit/offset of the member API's lists (DRF style); without `limit` a list answers a default page. */
export const memberListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
});
export type MemberListQuery = z.infer<typeof memberListQuerySchema>;

/** `{count, next, previous, results}` with absolute `next`/`previous` links. */
export function memberPageOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/** The SDK sends booleans as true/false and sometimes 1/0. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'True', 'False'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'True');

/** Lists may arrive as `a,b`, `key[]=a&key[]=b` or `key=a&key=b`. */
export function queryList<T extends z.ZodType<unknown, string>>(item: T) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));
}
