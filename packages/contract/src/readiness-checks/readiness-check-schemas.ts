import { z } from 'zod';

/** The groups of the readiness checks (spec mgmt §1). */
export const READINESS_GROUPS = ['required', 'recommended', 'best_practices'] as const;
export type ReadinessGroup = (typeof READINESS_GROUPS)[number];

/** Every check, by group; `link` is the console screen that fixes it. */
export const READINESS_CHECKS = {
  required: {
    logo: '/theme/logo',
    application_name: '/theme/title_and_slogan',
    content_types: '/content_settings',
  },
  recommended: {
    mail_server: '/settings/email_server',
    seo: '/community_management/seo',
    slogan: '/theme/title_and_slogan',
    cover_image: '/theme/background_images',
    categories: '/categories',
    legal_pages: '/pages/legal',
    staff: '/staff',
  },
  best_practices: {
    custom_domain: '/settings/domain',
    default_avatar: '/theme/profile_image',
    tag_manager: '/integrations',
    jwt_key: '/integrations/api',
    app_icon: '/theme/logo',
  },
} as const satisfies Record<ReadinessGroup, Record<string, string>>;

export type ReadinessCheckId = {
  [G in ReadinessGroup]: keyof (typeof READINESS_CHECKS)[G];
}[ReadinessGroup];

export const readinessCheckSchema = z.object({
  id: z.string(),
  ok: z
    .boolean()
    .nullable()
    .describe('null: not available yet — what it checks does not exist in the product (note says why)'),
  link: z.string().describe('Console path of the screen that fixes it'),
  note: z.string().nullable().describe('Why the check cannot pass yet, when it cannot'),
});
export type ReadinessCheck = z.infer<typeof readinessCheckSchema>;

export const readinessConfigurationSchema = z.object({
  required: z.array(readinessCheckSchema),
  recommended: z.array(readinessCheckSchema),
  best_practices: z.array(readinessCheckSchema),
});
export type ReadinessConfiguration = z.infer<typeof readinessConfigurationSchema>;

/** `checks/monitoring/`: whether the community's moving parts work right now. */
export const readinessMonitoringSchema = z.object({
  ok: z.boolean(),
  checked_at: z.string(),
  database: z.object({ ok: z.boolean(), latency_ms: z.number().nullable() }),
  jobs: z.object({
    ok: z.boolean(),
    available: z.boolean().describe('False while the deployment has no job queue'),
    failed_last_24h: z.number().int(),
    oldest_due_seconds: z.number().int().nullable().describe('Age of the oldest job waiting to run'),
  }),
  mail: z.object({
    ok: z.boolean(),
    sender: z.enum(['custom', 'platform', 'none']).describe("Whose SMTP server sends the community's mail"),
  }),
});
export type ReadinessMonitoring = z.infer<typeof readinessMonitoringSchema>;

export const readinessCheckPaths = {
  /** Relative to a stack's internal_url. */
  configuration: '/platform/api/v1/checks/configuration/',
  monitoring: '/platform/api/v1/checks/monitoring/',
} as const;
