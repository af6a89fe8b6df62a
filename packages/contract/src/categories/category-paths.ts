/**
 * Console calls of spec mgmt §7 ("Categories: GET list_all; POST order_all; GET get; POST add;
 * POST update; GET delete; GET name/{name}"), relative to a stack's internal_url. `GET delete`
 * answers what deleting would do (contents to move); `POST delete` does it, so a GET never destroys.
 */
export const categoryPaths = {
  list: '/platform/api/v1/categories/list_all/',
  order: '/platform/api/v1/categories/order_all/',
  add: '/platform/api/v1/categories/add/',
  get: '/platform/api/v1/categories/:id/get/',
  update: '/platform/api/v1/categories/:id/update/',
  /** GET: `CategoryDeletePreview`; POST `{move_to?}`: `CategoryDeleteResult`. */
  delete: '/platform/api/v1/categories/:id/delete/',
  /** GET: `CategoryNameLookup` (the name URL-encoded). */
  name: '/platform/api/v1/categories/name/:name/',
  /** POST multipart `file` with `?kind=image|thumbnail`: the category; DELETE `?kind=`: removes it. */
  image: '/platform/api/v1/categories/:id/image/',
} as const;
