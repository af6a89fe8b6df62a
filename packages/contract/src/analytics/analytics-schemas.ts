import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';
import { dataEnvelope } from '../envelope.ts';

/** The data-provisioning token (JWT HS256, one community, 1 hour). */
export const DATA_PROVISIONING_TOKEN_TTL_SECONDS = 3600;

export const communitySigninDataSchema = z.object({
  data: z.object({
    data_provisioning_token: z.string(),
    expires_in: z.number().int(),
  }),
});
/** `POST auth/community_signin/` → `{data: {data: {data_provisioning_token, expires_in}}}`. */
export const communitySigninAnswerSchema = dataEnvelope(communitySigninDataSchema);
export type CommunitySigninAnswer = z.infer<typeof communitySigninAnswerSchema>;

/** Claims of the data-provisioning token. */
export const dataProvisioningClaimsSchema = z.object({
  stack_id: z.number().int(),
  sub: z.number().int(),
  role: z.string().nullable(),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type DataProvisioningClaims = z.infer<typeof dataProvisioningClaimsSchema>;

// ---- Data-provisioning reports (core §9 definitions) ----

/** Active users = members who logged in within the last month (ending at `to`). */
export const activeUsersReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  active_users: z.number().int(),
  total_users: z.number().int(),
});
export type ActiveUsersReport = z.infer<typeof activeUsersReportSchema>;

/** Retention = 100 × (active − new) / registered before the date, per month for `period` months. */
export const retentionPointSchema = z.object({
  date: z.string(),
  active_users: z.number().int(),
  new_users: z.number().int(),
  registered_before: z.number().int(),
  retention: z.number().nullable(),
});
export const retentionReportSchema = z.object({
  period: z.number().int(),
  retention: z.number().nullable(),
  results: z.array(retentionPointSchema),
});
export type RetentionReport = z.infer<typeof retentionReportSchema>;
export const RETENTION_DEFAULT_PERIOD = 2;
export const retentionQuerySchema = z.object({
  period: z.coerce.number().int().min(1).max(60).default(RETENTION_DEFAULT_PERIOD),
});

/** Engagement = 100 × active contributors / active users. */
export const engagementReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  active_users: z.number().int(),
  active_contributors: z.number().int(),
  engagement: z.number().nullable(),
});
export type EngagementReport = z.infer<typeof engagementReportSchema>;

/** Social density = connections / (n × (n − 1) / 2). */
export const socialDensityReportSchema = z.object({
  nodes: z.number().int(),
  connections: z.number().int(),
  social_density: z.number().nullable(),
});
export type SocialDensityReport = z.infer<typeof socialDensityReportSchema>;

export const dataProvisioningCheckSchema = z.object({ available: z.boolean() });
export type DataProvisioningCheck = z.infer<typeof dataProvisioningCheckSchema>;

export const activeUsersAnswerSchema = dataEnvelope(activeUsersReportSchema);
export const retentionAnswerSchema = dataEnvelope(retentionReportSchema);
export const engagementAnswerSchema = dataEnvelope(engagementReportSchema);
export const socialDensityAnswerSchema = dataEnvelope(socialDensityReportSchema);
export const dataProvisioningCheckAnswerSchema = dataEnvelope(dataProvisioningCheckSchema);

// ---- Dashboard layout ----

export const dashboardLayoutSchema = z.object({ layout: z.string() });
export type DashboardLayout = z.infer<typeof dashboardLayoutSchema>;
export const dashboardLayoutAnswerSchema = dataEnvelope(dashboardLayoutSchema);
/** Multipart body with the field `layout` (a JSON string). */
export const dashboardLayoutBodySchema = z.object({ layout: z.string().max(200_000) });
export const dashboardLayoutParamsSchema = z.object({ userId: rowIdSchema });

// ---- Exports ----

export const ANALYTICS_EXPORT_TYPES = ['users', 'contributions', 'categories', 'thread'] as const;
export const analyticsExportTypeSchema = z.enum(ANALYTICS_EXPORT_TYPES);
export type AnalyticsExportType = z.infer<typeof analyticsExportTypeSchema>;
export const ANALYTICS_EXPORT_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export const analyticsExportStatusSchema = z.enum(ANALYTICS_EXPORT_STATUSES);

export const analyticsExportAddBodySchema = z.object({
  type: analyticsExportTypeSchema,
  from: z.string().optional(),
  to: z.string().optional(),
  contribution_id: rowIdSchema.optional(),
});
export type AnalyticsExportAddBody = z.infer<typeof analyticsExportAddBodySchema>;

export const analyticsExportSchema = z.object({
  id: z.number().int(),
  type: analyticsExportTypeSchema,
  status: analyticsExportStatusSchema,
  created_at: z.string().optional(),
  completed_at: z.string().nullable().optional(),
  download_url: z.string().nullable().optional(),
});
export type AnalyticsExport = z.infer<typeof analyticsExportSchema>;
export const analyticsExportAddAnswerSchema = dataEnvelope(
  z.object({ id: z.number().int(), status: z.literal('pending') }),
);
export const analyticsExportAnswerSchema = dataEnvelope(analyticsExportSchema);
export const analyticsExportIdParamsSchema = z.object({ id: rowIdSchema });

// ---- Analytics tables ----

export const analyticsTableQuerySchema = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(10000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  search: z.string().max(200).optional(),
  ordering: z.string().max(100).optional(),
});
export type AnalyticsTableQuery = z.infer<typeof analyticsTableQuerySchema>;
export const analyticsUserInsightParamsSchema = z.object({ userId: rowIdSchema });

export const analyticsPaths = {
  communitySignin: '/platform/api/v1/auth/community_signin/',
  cubeLoad: '/cubejs-api/v1/load',
  cubeMeta: '/cubejs-api/v1/meta',
  cubeApiBase: '/cubejs-api/v1',
  activeUsers: '/platform/api/v1/data_provisioning/active_users/',
  retention: '/platform/api/v1/data_provisioning/retention/',
  engagement: '/platform/api/v1/data_provisioning/engagement/',
  socialDensity: '/platform/api/v1/data_provisioning/social_density/',
  check: '/platform/api/v1/data_provisioning/check/',
  dashboard: '/platform/api/v1/data_provisioning/dashboard/:userId/',
  exportAdd: '/platform/api/v1/analytics/export/add/',
  exportGet: '/platform/api/v1/analytics/export/get/:id/',
  exportList: '/platform/api/v1/analytics/export/list/',
  exportDownload: '/platform/api/v1/analytics/export/download/:id/',
  tablesUsers: '/platform/api/v1/analytics/tables/users/',
  tablesCategories: '/platform/api/v1/analytics/tables/categories/',
  tablesContributions: '/platform/api/v1/analytics/tables/contributions/',
  userInsight: '/platform/api/v1/analytics/user_insight/:userId/',
} as const;

/**
 * Who may export (core §7 "export add, get, list"): the server's export routes carry exactly this
 * area's roles (admin, editor: AREA_ROLES) and flag; the console shows the Exports tab on the same terms.
 */
export const ANALYTICS_EXPORTS_ACCESS = { area: 'analytics', feature: 'insight' } as const;

/** Feature flag of the report endpoints. */
export const DATA_PROVISIONING_REPORTS_FEATURE = 'data_provisioning_reports';
