/** The console's incubator tab (categories area), relative to a stack's internal_url. */
export const incubatorPaths = {
  /** GET: `IncubatorList` (paged, `?status=`). */
  list: '/platform/api/v1/incubators/list/',
  /** POST `{action}`: the proposal after the action; `publish` creates its category. */
  status: '/platform/api/v1/incubators/:id/status/',
  /** GET: `IncubatorThreshold`; POST `{threshold}`: the stored (clamped) threshold. */
  threshold: '/platform/api/v1/incubators/threshold/',
} as const;

/** SelfCommunity's incubator calls (A16), relative to `/c/{slug}/api/v2`. */
export const incubatorMemberPaths = {
  list: '/incubator/',
  search: '/incubator/search/',
  one: '/incubator/:id/',
  subscribed: '/incubator/:id/subscribed/',
  subscribe: '/incubator/:id/subscribe/',
  subscribers: '/incubator/:id/subscribers/',
} as const;
