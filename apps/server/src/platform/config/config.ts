import path from 'node:path';
import { z } from 'zod';
import { trustProxyRule, type TrustProxy } from './trust-proxy.ts';
import type { S3Settings } from '../storage/s3-storage.ts';

/** Server configuration, read once from the environment at start. */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The database itself when DATABASE_URL goes through a transaction-mode pooler: session advisory
   * locks (the start's) use it (AGORA_DATABASE_DIRECT_URL).
   */
  databaseDirectUrl: string | undefined;
  /** What this process does (AGORA_ROLE): `all` (default), `web` (HTTP only) or `worker` (jobs only). */
  role: 'all' | 'web' | 'worker';
  /** Where a worker answers /healthz and /readyz (AGORA_WORKER_PORT, default 8081). */
  workerPort: number;
  adminEmail: string;
  adminPassword: string | undefined;
  accessTokenTtlSeconds: number;
  refreshFamilyTtlSeconds: number;
  corsOrigins: string[];
  frameAncestors: string[];
  tagManagerId: string | undefined;
  consoleDir: string | undefined;
  logLevel: string;
  bodyLimitBytes: number;
  /** Encrypts secrets at rest; from a key file in DATA_DIR when unset. */
  secretKey: string | undefined;
  /** The platform's default sender (smtp://user:pass@host:port); mail goes to the outbox table when unset. */
  smtpUrl: string | undefined;
  /** The From of the platform's own mail ("Name <address>" or an address). */
  mailFrom: string;
  /** How long a community takes to apply a domain or email server change. */
  restartSeconds: number;
  /** An external moderation API for the AI bot (OpenAI-style `/moderations`); word lists when unset. */
  moderationApiUrl: string | undefined;
  moderationApiKey: string | undefined;
  /** Proxies whose X-Forwarded-* headers are believed (request.ip); none by default. */
  trustProxy: TrustProxy;
  /** The email server test may reach loopback/private/link-local/unique-local/CGNAT addresses (never metadata). */
  smtpAllowPrivate: boolean;
  /** Host names or IP addresses the email server test may reach whatever they resolve to. */
  smtpAllowedHosts: string[];
  /** Webhook targets may be loopback/private/link-local/unique-local/CGNAT addresses (development, tests). */
  webhooksAllowPrivate: boolean;
  /** Admission limit: requests handled at once, and waiting beyond those (then 503 + Retry-After). */
  maxInFlightRequests: number;
  maxQueuedRequests: number;
  /** How long a request may wait for its turn before it is answered 503. */
  maxQueueWaitMs: number;
  /** Uploads go to this S3-compatible bucket when AGORA_S3_ENDPOINT and AGORA_S3_BUCKET are set. */
  s3: S3Settings | undefined;
}

/** Thrown when the environment is unusable; the message names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

const originList = z
  .string()
  .transform((s) => s.split(/[\s,]+/).filter(Boolean))
  .pipe(z.array(z.url().transform((u) => new URL(u).origin)));

const rules = {
  PORT: z.coerce.number().int().min(0).max(65535),
  HOST: z.string().min(1),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')),
  DATA_DIR: z.string().min(1),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  AGORA_DATABASE_DIRECT_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  AGORA_ROLE: z.enum(['all', 'web', 'worker']),
  AGORA_WORKER_PORT: z.coerce.number().int().min(0).max(65535),
  AGORA_ADMIN_EMAIL: z.email(),
  AGORA_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters long'),
  AGORA_ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).max(31536000),
  AGORA_REFRESH_TTL: z.coerce.number().int().min(60).max(31536000),
  AGORA_CORS_ORIGINS: originList,
  AGORA_FRAME_ANCESTORS: z
    .string()
    .transform((s) => s.split(/\s+/).filter(Boolean))
    .pipe(
      z.array(z.string().regex(/^('self'|'none'|https?:\/\/[^\s;,]+)$/, 'must list origins or self/none')),
    ),
  AGORA_GTM_ID: z.string().regex(/^GTM-[A-Z0-9]{4,12}$/, 'must look like GTM-XXXXXXX'),
  AGORA_CONSOLE_DIR: z.string().min(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  AGORA_BODY_LIMIT: z.coerce.number().int().min(1024),
  AGORA_SECRET_KEY: z.string().min(32, 'must be at least 32 characters long'),
  AGORA_SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must look like smtp://user:password@host:port' }),
  AGORA_MAIL_FROM: z
    .string()
    .regex(/^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address or "Name <address>"'),
  AGORA_RESTART_SECONDS: z.coerce.number().int().min(0).max(3600),
  AGORA_MODERATION_API_URL: z.url({ protocol: /^https?$/ }),
  AGORA_MODERATION_API_KEY: z.string().min(1),
  AGORA_TRUST_PROXY: trustProxyRule,
  AGORA_SMTP_ALLOW_PRIVATE: z.enum(['true', 'false'], 'must be true or false').transform((v) => v === 'true'),
  AGORA_WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['1', '0', 'true', 'false'], 'must be 1, 0, true or false')
    .transform((v) => v === '1' || v === 'true'),
  AGORA_SMTP_ALLOWED_HOSTS: z
    .string()
    .transform((s) => s.split(/[\s,]+/).filter(Boolean))
    .pipe(
      z.array(
        z.string().regex(/^(\[?[0-9a-fA-F:.]+\]?|[A-Za-z0-9.-]+)$/, 'must list host names or IP addresses'),
      ),
    ),
  AGORA_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000),
  AGORA_MAX_QUEUED: z.coerce.number().int().min(0).max(1_000_000),
  AGORA_MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(600_000),
  AGORA_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')),
  AGORA_S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name'),
  AGORA_S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')),
  AWS_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name'),
  AWS_ACCESS_KEY_ID: z.string().min(1),
  AWS_SECRET_ACCESS_KEY: z.string().min(1),
} as const;

type Env = Record<string, string | undefined>;

function read<K extends keyof typeof rules>(env: Env, name: K): z.output<(typeof rules)[K]> | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const parsed = rules[name].safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const detail =
      issue && issue.message && !issue.message.startsWith('Invalid') ? issue.message : 'is not valid';
    throw new ConfigError(
      name,
      `${detail} (got ${JSON.stringify(name.includes('PASSWORD') || name.includes('SECRET') || name.includes('KEY') || name === 'AGORA_SMTP_URL' ? '***' : raw)})`,
    );
  }
  return parsed.data as z.output<(typeof rules)[K]>;
}

/** Reads and checks every variable; throws ConfigError naming the first bad one. */
export function loadConfig(env: Env = process.env): Config {
  const port = read(env, 'PORT') ?? 8080;
  const host = read(env, 'HOST') ?? '0.0.0.0';
  const publicUrl = read(env, 'PUBLIC_URL') ?? `http://localhost:${port}`;
  return {
    port,
    host,
    publicUrl,
    dataDir: path.resolve(read(env, 'DATA_DIR') ?? './data'),
    databaseUrl: read(env, 'DATABASE_URL'),
    databaseDirectUrl: read(env, 'AGORA_DATABASE_DIRECT_URL'),
    role: read(env, 'AGORA_ROLE') ?? 'all',
    workerPort: read(env, 'AGORA_WORKER_PORT') ?? 8081,
    adminEmail: read(env, 'AGORA_ADMIN_EMAIL') ?? 'admin@example.com',
    adminPassword: read(env, 'AGORA_ADMIN_PASSWORD'),
    accessTokenTtlSeconds: read(env, 'AGORA_ACCESS_TOKEN_TTL') ?? 36000,
    refreshFamilyTtlSeconds: read(env, 'AGORA_REFRESH_TTL') ?? 259200,
    corsOrigins: read(env, 'AGORA_CORS_ORIGINS') ?? [],
    frameAncestors: read(env, 'AGORA_FRAME_ANCESTORS') ?? ["'self'"],
    tagManagerId: read(env, 'AGORA_GTM_ID'),
    consoleDir: read(env, 'AGORA_CONSOLE_DIR'),
    logLevel: read(env, 'LOG_LEVEL') ?? 'info',
    bodyLimitBytes: read(env, 'AGORA_BODY_LIMIT') ?? 1024 * 1024,
    secretKey: read(env, 'AGORA_SECRET_KEY'),
    smtpUrl: read(env, 'AGORA_SMTP_URL'),
    mailFrom: read(env, 'AGORA_MAIL_FROM') ?? `Agora <no-reply@${new URL(publicUrl).hostname}>`,
    restartSeconds: read(env, 'AGORA_RESTART_SECONDS') ?? 5,
    moderationApiUrl: read(env, 'AGORA_MODERATION_API_URL'),
    moderationApiKey: read(env, 'AGORA_MODERATION_API_KEY'),
    trustProxy: read(env, 'AGORA_TRUST_PROXY') ?? false,
    smtpAllowPrivate: read(env, 'AGORA_SMTP_ALLOW_PRIVATE') ?? false,
    smtpAllowedHosts: read(env, 'AGORA_SMTP_ALLOWED_HOSTS') ?? [],
    webhooksAllowPrivate: read(env, 'AGORA_WEBHOOKS_ALLOW_PRIVATE') ?? false,
    maxInFlightRequests: read(env, 'AGORA_MAX_IN_FLIGHT') ?? 64,
    maxQueuedRequests: read(env, 'AGORA_MAX_QUEUED') ?? 256,
    maxQueueWaitMs: read(env, 'AGORA_MAX_QUEUE_WAIT_MS') ?? 5000,
    s3: s3Settings(env),
  };
}

/** The bucket when both AGORA_S3_ENDPOINT and AGORA_S3_BUCKET are set; one without the other is an error. */
function s3Settings(env: Env): Config['s3'] {
  const endpoint = read(env, 'AGORA_S3_ENDPOINT');
  const bucket = read(env, 'AGORA_S3_BUCKET');
  if (!endpoint && !bucket) return undefined;
  if (!endpoint) throw new ConfigError('AGORA_S3_ENDPOINT', 'must be set with AGORA_S3_BUCKET');
  if (!bucket) throw new ConfigError('AGORA_S3_BUCKET', 'must be set with AGORA_S3_ENDPOINT');
  return {
    endpoint,
    bucket,
    region: read(env, 'AWS_REGION') ?? 'us-east-1',
    accessKeyId: read(env, 'AWS_ACCESS_KEY_ID'),
    secretAccessKey: read(env, 'AWS_SECRET_ACCESS_KEY'),
    publicUrl: read(env, 'AGORA_S3_PUBLIC_URL'),
  };
}
