import { z } from 'zod';
import { dataEnvelope, pageOf } from '../envelope.ts';
import {
  activeUsersReportSchema,
  analyticsExportSchema,
  engagementReportSchema,
  retentionPointSchema,
  retentionReportSchema,
  socialDensityReportSchema,
} from './analytics-schemas.ts';

/**
 * The server side of data provisioning, exports and analytics tables: what the shared analytics
 * contract (analytics-schemas.ts) leaves open. The report answers carry both that contract's fields and the
 * `{date, value, …parts}` of the reports brief.
 */

// ---- Data-provisioning reports ----

/** A report's window: the 30 days that end with the reference date (included), in UTC. */
export const REPORT_WINDOW_DAYS = 30;
export const RETENTION_MAX_PERIOD = 24;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const reportDateSchema = z
  .string()
  .regex(DATE, 'Enter a date as YYYY-MM-DD.')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'Enter a date as YYYY-MM-DD.',
  );

export const reportQuerySchema = z.object({
  date: reportDateSchema.optional().describe('Reference date (YYYY-MM-DD, UTC); today when absent'),
});
export const retentionReportQuerySchema = reportQuerySchema.extend({
  period: z.coerce
    .number()
    .int()
    .min(1)
    .max(RETENTION_MAX_PERIOD)
    .default(2)
    .describe('How many months the series covers (the last one ends with the reference date)'),
});

const windowFields = {
  date: z.string().describe('The reference date (YYYY-MM-DD)'),
  value: z.number().describe('The report value (0 when its denominator is 0)'),
  since: z.string().describe('Start of the window (ISO, included): 30 days before the end'),
  until: z.string().describe('End of the window (ISO, excluded): the day after the reference date'),
};

export const activeUsersFullSchema = activeUsersReportSchema.extend({
  ...windowFields,
  active: z.number().int().describe('Members who logged in within the window'),
  members: z.number().int().describe('Members registered before the end of the window'),
});
export type ActiveUsersFull = z.infer<typeof activeUsersFullSchema>;

export const retentionFullPointSchema = retentionPointSchema.extend({
  ...windowFields,
  active: z.number().int(),
  new: z.number().int().describe('Members registered within the window'),
});
export type RetentionFullPoint = z.infer<typeof retentionFullPointSchema>;

export const retentionFullSchema = retentionReportSchema.extend({
  ...windowFields,
  active: z.number().int(),
  new: z.number().int(),
  registered_before: z.number().int().describe('Members registered before the window started'),
  results: z
    .array(retentionFullPointSchema)
    .describe('Oldest month first; the last one is the reference date'),
  series: z.array(retentionFullPointSchema).describe('Same as results'),
});
export type RetentionFull = z.infer<typeof retentionFullSchema>;

export const engagementFullSchema = engagementReportSchema.extend({
  ...windowFields,
  active: z.number().int(),
  contributors: z.number().int().describe('Members who made a contribution or a comment within the window'),
});
export type EngagementFull = z.infer<typeof engagementFullSchema>;

export const socialDensityFullSchema = socialDensityReportSchema.extend({
  date: z.string(),
  value: z.number(),
  until: z.string(),
  mode: z.enum(['connections', 'follows']).describe('follows when follow_enabled is on'),
  members: z.number().int().describe('n: members registered before the end of the reference date'),
  possible_pairs: z.number().describe('n × (n − 1) / 2'),
});
export type SocialDensityFull = z.infer<typeof socialDensityFullSchema>;

export const activeUsersFullAnswerSchema = dataEnvelope(activeUsersFullSchema);
export const retentionFullAnswerSchema = dataEnvelope(retentionFullSchema);
export const engagementFullAnswerSchema = dataEnvelope(engagementFullSchema);
export const socialDensityFullAnswerSchema = dataEnvelope(socialDensityFullSchema);

// ---- Dashboard layout ----

/** The saved layout JSON may take at most this many bytes (UTF-8). */
export const DASHBOARD_LAYOUT_MAX_BYTES = 100 * 1024;
export const DASHBOARD_LAYOUT_MESSAGES = {
  required: 'This field is required.',
  tooLarge: 'The layout is too large (at most 100 KB).',
  notJson: 'The layout must be valid JSON.',
} as const;

// ---- Exports ----

export const EXPORT_LINK_TTL_SECONDS = 24 * 3600;
export const EXPORT_PAGE_SIZE = 5000;
/** Shown by the console when an export cannot be requested or fails (spec core §8, mgmt §8). */
export const EXPORT_ERROR_MESSAGE = 'Sorry! Unable to export data. Retry later!';
/** Refusals of an export's download link. */
export const AnalyticsExportErrorCode = {
  /** The link's signature does not match. */
  invalidLink: 'invalid_link',
  /** The link is past its lifetime. */
  linkExpired: 'link_expired',
} as const;

export const EXPORT_MESSAGES = {
  date: 'Enter a date as YYYY-MM-DD or an ISO date-time.',
  dateOrder: 'The end date must not be before the start date.',
  contributionRequired: 'Choose the contribution whose comments to export.',
  contributionNotFound: 'This contribution is not found.',
  invalidLink: 'This download link is not valid.',
  expiredLink: 'This download link has expired. Request the export again.',
  notReady: 'This export is not ready.',
} as const;

export const analyticsExportFullSchema = analyticsExportSchema.extend({
  created_at: z.string(),
  completed_at: z.string().nullable(),
  download_url: z
    .string()
    .nullable()
    .describe('Signed link valid until expires_at (only on done exports, for their requester)'),
  expires_at: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  contribution_id: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type AnalyticsExportFull = z.infer<typeof analyticsExportFullSchema>;
export const analyticsExportFullAnswerSchema = dataEnvelope(analyticsExportFullSchema);
export const analyticsExportListAnswerSchema = dataEnvelope(pageOf(analyticsExportFullSchema));
export const analyticsExportListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export const analyticsExportDownloadQuerySchema = z.object({ token: z.string().max(200).optional() });

// ---- Analytics tables ----

function countShape<const K extends readonly string[]>(names: K) {
  return Object.fromEntries(names.map((name) => [name, z.number().int()])) as {
    [P in K[number]]: z.ZodNumber;
  };
}

export const ANALYTICS_TABLE_MAX_LIMIT = 100;
export const ANALYTICS_TABLE_DEFAULT_LIMIT = 20;
export const TAG_ASSIGNMENT_ERROR_MESSAGE = 'Sorry! An error occurred in the tag assignment. Try later!';
export const TAG_ASSIGNMENT_ERROR_CODE = 'tag_assignment';

export const analyticsTablePageQuerySchema = z.object({
  from: z.string().max(40).optional().describe('YYYY-MM-DD or ISO date-time; counts from this moment'),
  to: z.string().max(40).optional().describe('YYYY-MM-DD (the whole day) or ISO date-time; counts until'),
  limit: z.coerce.number().int().min(1).max(ANALYTICS_TABLE_MAX_LIMIT).default(ANALYTICS_TABLE_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().max(200).optional(),
  ordering: z.string().max(60).optional().describe('A column name, `-column` for descending'),
});
export type AnalyticsTablePageQuery = z.infer<typeof analyticsTablePageQuerySchema>;

const tagRef = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
const categoryRef = z.object({ id: z.number().int(), name: z.string() });

/** Counts of a member's activity within from/to. */
export const USER_TABLE_COUNTS = [
  'visits',
  'unique_accesses',
  'contributions',
  'posts',
  'discussions',
  'statuses',
  'polls',
  'comments',
  'connections',
  'followers',
  'followings',
  'appreciations_given',
  'appreciations_received',
  'shares',
  'contents_viewed',
  'private_messages',
  'uploads',
  'poll_votes',
] as const;
export type UserTableCount = (typeof USER_TABLE_COUNTS)[number];

export const USER_TABLE_ORDERING = [
  'id',
  'username',
  'name',
  'registered_at',
  'last_login',
  'status',
  'score',
  'days_missing',
  ...USER_TABLE_COUNTS,
] as const;

export const analyticsUserRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable().describe('Only for admins; null otherwise'),
  registered_at: z.string(),
  registered_from: z.string(),
  device: z.string(),
  last_login: z.string().nullable(),
  status: z.string(),
  score: z.number().int(),
  days_missing: z
    .number()
    .int()
    .nullable()
    .describe('Whole days between the last login and the end of the range (or now); null if never'),
  tags: z.array(tagRef),
  interests: z.array(categoryRef),
  ...countShape(USER_TABLE_COUNTS),
});
export type AnalyticsUserRow = z.infer<typeof analyticsUserRowSchema>;

export const CATEGORY_TABLE_COUNTS = [
  'contributions',
  'contributors',
  'comments',
  'appreciations',
  'shares',
  'views',
  'followers',
] as const;
export type CategoryTableCount = (typeof CATEGORY_TABLE_COUNTS)[number];
export const CATEGORY_TABLE_ORDERING = ['id', 'name', 'created_at', ...CATEGORY_TABLE_COUNTS] as const;
export const analyticsCategoryRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  created_at: z.string(),
  ...countShape(CATEGORY_TABLE_COUNTS),
});
export type AnalyticsCategoryRow = z.infer<typeof analyticsCategoryRowSchema>;

export const CONTRIBUTION_TABLE_COUNTS = [
  'comments',
  'appreciations',
  'shares',
  'views',
  'votes_count',
] as const;
export type ContributionTableCount = (typeof CONTRIBUTION_TABLE_COUNTS)[number];
export const CONTRIBUTION_TABLE_ORDERING = [
  'id',
  'type',
  'title',
  'created_at',
  ...CONTRIBUTION_TABLE_COUNTS,
] as const;
export const analyticsContributionRowSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  status: z.string(),
  author: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  category: categoryRef.nullable(),
  created_at: z.string(),
  multiple_choices: z.boolean(),
  ...countShape(CONTRIBUTION_TABLE_COUNTS),
});
export type AnalyticsContributionRow = z.infer<typeof analyticsContributionRowSchema>;

export const analyticsUserTableAnswerSchema = dataEnvelope(pageOf(analyticsUserRowSchema));
export const analyticsCategoryTableAnswerSchema = dataEnvelope(pageOf(analyticsCategoryRowSchema));
export const analyticsContributionTableAnswerSchema = dataEnvelope(pageOf(analyticsContributionRowSchema));

// ---- User insight ----

const insightUser = z.object({ id: z.number().int(), username: z.string(), name: z.string() });
const insightContribution = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  created_at: z.string(),
  count: z.number().int(),
});
const insightPeople = z.object({ count: z.number().int(), results: z.array(insightUser) });

export const USER_INSIGHT_TOP = 5;
export const USER_INSIGHT_PEOPLE = 20;

export const userInsightSchema = z.object({
  profile: z.object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    registered_at: z.string(),
    last_login: z.string().nullable(),
    status: z.string(),
    score: z.number().int(),
    role: z.string().nullable(),
    counts: z.object({
      contributions: z.number().int(),
      comments: z.number().int(),
      appreciations_given: z.number().int(),
      appreciations_received: z.number().int(),
      shares: z.number().int(),
      connections: z.number().int(),
      followers: z.number().int(),
      followings: z.number().int(),
      visits: z.number().int(),
    }),
  }),
  most_appreciated: z.array(insightContribution).describe('Top 5; count = appreciations received'),
  most_commented: z.array(insightContribution).describe('Top 5; count = comments'),
  most_shared: z.array(insightContribution).describe('Top 5; count = shares'),
  connections: insightPeople,
  followers: insightPeople,
  followings: insightPeople,
  categories: z.object({
    contributed: z.array(categoryRef.extend({ count: z.number().int() })),
    interests: z.array(categoryRef),
  }),
});
export type UserInsight = z.infer<typeof userInsightSchema>;
export const userInsightAnswerSchema = dataEnvelope(userInsightSchema);

// ---- Tag assignment ----

/** Checked by the server (any bad id answers the tag_assignment error, not a schema error). */
const idList = z.unknown().describe('A list of ids, or one string of ids separated by commas');
export const assignTagsBodySchema = z.object({ user_ids: idList.optional(), tag_ids: idList.optional() });
export const assignTagsResultSchema = z.object({ assigned: z.number().int().describe('New assignments') });
export const assignTagsAnswerSchema = dataEnvelope(assignTagsResultSchema);

/** The community's active user tags, offered for assignment in the analytics tables. */
export const userTagRefSchema = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export const userTagListAnswerSchema = dataEnvelope(z.array(userTagRefSchema));

export const analyticsServerPaths = {
  assignTags: '/platform/api/v1/analytics/tables/users/assign_tags/',
  userTags: '/platform/api/v1/analytics/tables/user_tags/',
} as const;
