import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LEGAL_ACCEPTANCE_HEADER } from '@agora/contract';
import type { Config } from './platform/config/config.ts';
import { trustProxyOption } from './platform/config/trust-proxy.ts';
import type { Db } from './platform/db/database.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { loggerOptions } from './platform/http/logger-options.ts';
import { requestIdFor } from './platform/http/request-id.ts';
import { installSecurityHeaders, securityHeaders } from './platform/http/security-headers.ts';
import { installLoadShedding } from './platform/http/load-shedding.ts';
import { RouteTable } from './platform/http/route-table.ts';
import { answerRouterError, installErrorHandling } from './platform/errors/error-handler.ts';
import { answerClientError } from './platform/errors/client-error.ts';
import { registerMultipartBody } from './platform/http/multipart-body.ts';
import { installNulGuard } from './platform/http/nul-guard.ts';
import { hostRoutingConstraints, installHostRouting } from './platform/http/host-routing.ts';
import { hostResolver } from './composition/host-routing.ts';
import { authenticate } from './platform/auth/authenticate.ts';
import { findLiveAccessToken } from './modules/auth/live-access-token.repository.ts';
import { registerOpenApi } from './platform/openapi/openapi.ts';
import { registerHealthRoutes } from './platform/http/health-routes.ts';
import { registerConsole } from './platform/static/console-static.ts';
import { registerStackScope } from './platform/stack-scope/stack-scope.ts';
import { createSecretBox, type SecretBox } from './platform/crypto/secret-box.ts';
import { createDbAuditSink } from './platform/audit/audit-recorder.ts';
import { createJobQueue, type JobQueue } from './platform/jobs/job-queue.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import { registerStackRestartJob } from './modules/domain-settings/stack-restart.service.ts';
import { registerFeatureHubRoutes, registerFeatureStackRoutes } from './modules/features/features.routes.ts';
import { registerDynamicPreferenceRoutes } from './modules/dynamic-preferences/dynamic-preferences.routes.ts';
import { registerThemeRoutes } from './modules/theme/theme.routes.ts';
import { categoriesUseMedia } from './modules/categories/category-rows.repository.ts';
import { registerMediaRoutes } from './modules/theme/media.routes.ts';
import { registerDomainRoutes } from './modules/domain-settings/domain-settings.routes.ts';
import { registerMailServerRoutes } from './modules/mail-server/mail-server.routes.ts';
import { registerRegistrationAlertRoutes } from './modules/registration-alerts/registration-alerts.routes.ts';
import {
  registerAppRequestHubRoutes,
  registerAppSettingsRoutes,
} from './modules/app-settings/app-settings.routes.ts';
import { registerReadinessCheckRoutes } from './modules/readiness-checks/readiness-checks.routes.ts';
import { registerCommunitySigninRoutes, registerCubeApiRoutes } from './analytics/cube-api.routes.ts';
import { registerDataProvisioningRoutes } from './modules/data-provisioning/data-provisioning.routes.ts';
import { registerAnalyticsExportRoutes } from './modules/analytics-exports/analytics-exports.routes.ts';
import { registerAnalyticsTableRoutes } from './modules/analytics-tables/analytics-tables.routes.ts';
import { registerAuditLogRoutes } from './modules/audit-log/audit-log.routes.ts';
import { registerStaffRoutes } from './modules/staff/staff.routes.ts';
import { registerTaggingRoutes } from './modules/tagging/tagging.routes.ts';
import { registerCategoryRoutes } from './modules/categories/categories.routes.ts';
import { registerMemberCategoryRoutes } from './modules/categories/member-categories.routes.ts';
import { registerReactionImageRoutes, registerReactionRoutes } from './modules/reactions/reactions.routes.ts';
import { registerMemberReactionRoutes } from './modules/reactions/reaction-member.routes.ts';
import { registerBroadcastMessageRoutes } from './modules/broadcast-messages/broadcast-messages.routes.ts';
import { registerMemberBannerRoutes } from './modules/broadcast-messages/member-banners.routes.ts';
import { registerPrivateMessageRoutes } from './modules/private-messages/private-messages.routes.ts';
import { registerMenusRoutes } from './modules/menus/menus.routes.ts';
import { registerEmailSendsRoutes } from './modules/email-sends/email-sends.routes.ts';
import {
  registerMemberPromoCodeRoutes,
  registerPromoCodeRoutes,
} from './modules/promo-codes/promo-codes.routes.ts';
import { registerLoyaltyRoutes, registerPrizeImageRoutes } from './modules/loyalty/loyalty.routes.ts';
import { registerMemberLoyaltyRoutes } from './modules/loyalty/loyalty-member.routes.ts';
import { registerWebhookRoutes, registerWebhookWorker } from './modules/webhooks/webhooks.routes.ts';
import { registerMemberWebhookRoutes } from './modules/webhooks/webhook-member.routes.ts';
import { registerMemberNotificationRoutes } from './modules/notifications/notifications.routes.ts';
import {
  registerAdImageRoutes,
  registerAdvertisingRoutes,
} from './modules/advertising/advertising.routes.ts';
import { registerMemberAdvertisingRoutes } from './modules/advertising/advertising-member.routes.ts';
import { registerEmailManagerRoutes } from './modules/email-manager/email-manager.routes.ts';
import {
  registerMediaLibraryFileRoutes,
  registerMediaLibraryRoutes,
} from './modules/media-library/media-library.routes.ts';
import { registerIncubatorRoutes } from './modules/incubators/incubators.routes.ts';
import { registerMemberIncubatorRoutes } from './modules/incubators/member-incubators.routes.ts';
import { registerCustomMenuRoutes } from './modules/menus/custom-menu.routes.ts';
import { registerInvitationsRoutes } from './modules/invitations/invitations.routes.ts';
import { registerMemberInviteCodeRoutes } from './modules/invitations/member-invite-code.routes.ts';
import { registerRegistrationApprovalRoutes } from './modules/registration-approval/registration-approval.routes.ts';
import { registerModerationRoutes } from './modules/moderation/moderation.routes.ts';
import { registerScoringRoutes } from './modules/scoring/scoring.routes.ts';
import { registerLegalPageRoutes } from './modules/legal-pages/legal-pages.routes.ts';
import { registerCustomPageRoutes } from './modules/custom-pages/custom-pages.routes.ts';
import { registerErrorPageRoutes } from './modules/custom-pages/error-pages.routes.ts';
import { registerMemberCustomPageRoutes } from './modules/custom-pages/member-custom-pages.routes.ts';
import {
  installLegalAcceptanceNotice,
  registerMemberLegalPageRoutes,
} from './modules/legal-pages/member-legal-pages.routes.ts';
import {
  registerUserModerationRoutes,
  registerMemberUserModerationRoutes,
} from './modules/user-moderation/user-moderation.routes.ts';
import { registerUserRoutes } from './modules/users/users.routes.ts';
import { registerMemberContentRoutes } from './modules/member-content/member-content.routes.ts';
import { registerMemberPeopleRoutes } from './modules/member-people/member-people.routes.ts';
import { createMemberAuthService, type MemberApiDeps } from './modules/member-auth/member-auth.service.ts';
import {
  registerMemberApiClientRoutes,
  registerMemberOAuthRoutes,
  registerMemberSsoSignInRoute,
  registerPlatformUrlRoute,
} from './modules/member-auth/member-auth.routes.ts';
import { registerMemberAccountEmailRoutes } from './modules/member-auth/member-account.routes.ts';
import type { CommittedWrites } from './platform/db/committed-writes.ts';
import { registerMemberScope } from './platform/member-scope/member-scope.ts';
import { createTokenService } from './modules/auth/token.service.ts';
import { createSignInThrottle, type ThrottleLimits } from './modules/auth/sign-in-throttle.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { registerAuthRoutes, registerSsoTicketRoutes } from './modules/auth/auth.routes.ts';
import { registerOAuthRoutes } from './modules/oauth/oauth.routes.ts';
import { registerOAuthAppRoutes } from './modules/oauth-apps/oauth-apps.routes.ts';
import { registerOAuthAuthorizeRoutes } from './modules/oauth-apps/oauth-authorize.routes.ts';
import { createOAuthFlowService } from './modules/oauth-apps/oauth-flow.service.ts';
import { createTwoFactorService } from './modules/two-factor/two-factor.service.ts';
import {
  registerTwoFactorAccountRoutes,
  registerTwoFactorRequirementRoutes,
} from './modules/two-factor/two-factor.routes.ts';
import { createPreferencesService } from './modules/preferences/preferences.service.ts';
import { registerPreferenceRoutes } from './modules/preferences/preferences.routes.ts';
import { createStacksService } from './modules/stacks/stacks.service.ts';
import { registerStackHubRoutes, registerStackSelfRoutes } from './modules/stacks/stacks.routes.ts';
import { registerCommunitySite } from './composition/community-site-wiring.ts';
import {
  communityMailer,
  moderationClassifier,
  stackScopeDeps,
  type AppModuleDeps,
} from './composition/app-wiring.ts';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteTable;
    /** The job queue; main.ts starts its worker, tests call runDue(). Stopped when the app closes. */
    jobs: JobQueue;
    mailer: Mailer;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  throttle?: ThrottleLimits;
  /** Where JSON log lines go (standard output when absent). */
  logStream?: { write(line: string): void };
  /** Seals secrets at rest; built from config.secretKey when absent. */
  secretBox?: SecretBox;
  /** Serve the built console (off in API tests). */
  serveConsole?: boolean;
  /**
   * The database's committed writes (`DatabaseHandle.writes`): with them the community guard keeps
   * its answers until a write could change them (ADR 0015); without, it reads on every call.
   */
  writes?: CommittedWrites;
}

/** Builds the whole server: platform plugins first, then each module, wired explicitly. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const headers = securityHeaders(config);
  const app = Fastify({
    logger: deps.logStream
      ? { ...loggerOptions(config.logLevel), stream: deps.logStream }
      : loggerOptions(config.logLevel),
    genReqId: requestIdFor,
    requestIdHeader: false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: {
      ignoreTrailingSlash: false,
      // A community on its own domain: its host's requests are routed to /c/{slug} (ADR 0029).
      constraints: hostRoutingConstraints({
        publicUrl: config.publicUrl,
        resolve: hostResolver({ db, clock, ...(deps.writes ? { writes: deps.writes } : {}) }),
        retryAfterSeconds: config.restartSeconds,
      }),
    },
    // The router's own refusals (bad percent-encoding, over-long parameter) answer in the envelope too.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      headers(request, reply);
      return answerRouterError(error, request, reply);
    },
    // …and so do requests Node's HTTP parser cannot read at all.
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routes = new RouteTable();
  routes.attach(app);
  app.decorate('routeTable', routes);
  installErrorHandling(app, routes);
  installSecurityHeaders(app, config);
  installLoadShedding(app, {
    maxInFlight: config.maxInFlightRequests,
    maxQueued: config.maxQueuedRequests,
    maxQueueWaitMs: config.maxQueueWaitMs,
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: false,
    exposedHeaders: ['X-Request-Id', 'Retry-After', LEGAL_ACCEPTANCE_HEADER],
  });
  await app.register(formbody);
  await registerMultipartBody(app, { fileSize: config.bodyLimitBytes, files: 10, fields: 100 });
  installNulGuard(app);
  installHostRouting(app, { retryAfterSeconds: config.restartSeconds });
  await registerOpenApi(app);
  registerHealthRoutes(app, db);

  // Services
  const secretBox =
    deps.secretBox ?? createSecretBox(config.secretKey ?? 'agora-test-only-secret-key-material');
  const tokens = createTokenService(db, clock, config);
  const throttle = createSignInThrottle(db, clock, deps.throttle);
  const stacks = createStacksService(db, config.publicUrl, clock);
  const twoFactor = createTwoFactorService({
    db,
    clock,
    secretBox,
    throttle,
    stacks,
    issuer: 'Agora',
    host: new URL(config.publicUrl).host,
  });
  const auth = createAuthService({
    db,
    clock,
    throttle,
    tokens,
    stacks,
    publicUrl: config.publicUrl,
    secondFactor: twoFactor,
  });
  const preferences = createPreferencesService(db, clock);
  const authenticateAccount = authenticate((token) => findLiveAccessToken(db, token, clock.now()));
  const jobs = createJobQueue({ db, clock, logger: app.log.child({ component: 'jobs' }) });
  const mailer = communityMailer({ db, config, secretBox, logger: app.log.child({ component: 'mail' }) });
  registerStackRestartJob(jobs, db);
  app.decorate('jobs', jobs);
  app.decorate('mailer', mailer);
  app.addHook('onClose', () => jobs.stop());
  const classifier = moderationClassifier(config, app.log);
  const stackScope = stackScopeDeps({ db, clock, ...(deps.writes ? { writes: deps.writes } : {}) });
  const platform: AppModuleDeps = {
    db,
    clock,
    config,
    secretBox,
    stacks,
    jobs,
    mailer,
    stackScope,
    ...(classifier ? { classifier } : {}),
  };
  registerWebhookWorker(platform);
  const memberAuth = createMemberAuthService({ ...platform, tokens, throttle });
  const memberApi: MemberApiDeps = { ...platform, memberAuth, tokens };

  // The audit log's sink, seen by both community scopes (console and member API).
  app.decorate('auditSink', createDbAuditSink(db, clock));

  // Hub API
  registerAuthRoutes(app, { auth });
  registerOAuthRoutes(app, { tokens, auth });
  registerTwoFactorAccountRoutes(app, {
    db,
    twoFactor,
    authenticate: authenticateAccount,
    resumeSignIn: (accountId, stackId) => auth.resumeSignIn(accountId, stackId),
  });
  registerPreferenceRoutes(app, { preferences, authenticate: authenticateAccount });
  registerStackHubRoutes(app, { stacks, authenticate: authenticateAccount });
  registerFeatureHubRoutes(app, { db, authenticate: authenticateAccount });
  registerAppRequestHubRoutes(app, { ...platform, authenticate: authenticateAccount });

  // A community's own API, behind the staff guard (roles and feature flag declared per route)
  await registerStackScope(app, stackScope, (scope) => {
    registerStackSelfRoutes(scope, { stacks });
    registerSsoTicketRoutes(scope, { auth });
    registerTwoFactorRequirementRoutes(scope, { twoFactor });
    registerFeatureStackRoutes(scope, { db });
    registerDynamicPreferenceRoutes(scope, platform);
    // A category may show the same stored image as the theme: the theme keeps the files while it does.
    registerThemeRoutes(scope, platform, (stackId, hash) => categoriesUseMedia(platform.db, stackId, hash));
    registerDomainRoutes(scope, platform);
    registerMailServerRoutes(scope, platform);
    registerRegistrationAlertRoutes(scope, platform);
    registerAppSettingsRoutes(scope, platform);
    registerReadinessCheckRoutes(scope, platform);
    registerCommunitySigninRoutes(scope, platform);
    registerDataProvisioningRoutes(scope, platform);
    registerAnalyticsExportRoutes(scope, platform);
    registerAnalyticsTableRoutes(scope, platform);
    registerAuditLogRoutes(scope, platform);
    registerStaffRoutes(scope, platform);
    registerTaggingRoutes(scope, platform);
    registerCategoryRoutes(scope, platform);
    registerIncubatorRoutes(scope, platform);
    registerReactionRoutes(scope, platform);
    registerMenusRoutes(scope, platform);
    registerEmailSendsRoutes(scope, platform);
    registerBroadcastMessageRoutes(scope, platform);
    registerPromoCodeRoutes(scope, platform);
    registerLoyaltyRoutes(scope, platform);
    registerAdvertisingRoutes(scope, platform);
    registerInvitationsRoutes(scope, platform);
    registerEmailManagerRoutes(scope, platform);
    registerMediaLibraryRoutes(scope, platform);
    registerRegistrationApprovalRoutes(scope, platform);
    registerModerationRoutes(scope, platform);
    registerScoringRoutes(scope, platform);
    registerLegalPageRoutes(scope, platform);
    registerCustomPageRoutes(scope, platform);
    registerErrorPageRoutes(scope, platform);
    registerUserModerationRoutes(scope, platform);
    registerUserRoutes(scope, platform);
    registerWebhookRoutes(scope, platform);
    registerMemberApiClientRoutes(scope, { memberAuth, publicUrl: config.publicUrl });
    registerOAuthAppRoutes(scope, platform);
  });

  // A community's member API (SelfCommunity v2-compatible), behind the member guard
  const oauthFlow = createOAuthFlowService({ ...platform, tokens, memberAuth });
  registerMemberOAuthRoutes(app, { memberAuth, tokens, apps: oauthFlow });
  registerOAuthAuthorizeRoutes(app, { flow: oauthFlow, memberAuth, publicUrl: config.publicUrl });
  await registerMemberScope(app, memberAuth, (scope) => {
    installLegalAcceptanceNotice(scope, platform);
    registerMemberSsoSignInRoute(scope, platform);
    registerPlatformUrlRoute(scope, { db, auth, tokens });
    registerMemberAccountEmailRoutes(scope, { ...platform, tokens, throttle });
    registerMemberPeopleRoutes(scope, memberApi);
    registerMemberContentRoutes(scope, memberApi);
    registerMemberCategoryRoutes(scope, memberApi);
    registerMemberIncubatorRoutes(scope, memberApi);
    registerMemberReactionRoutes(scope, platform);
    registerMemberUserModerationRoutes(scope, platform);
    registerMemberLegalPageRoutes(scope, platform);
    registerCustomMenuRoutes(scope, platform);
    registerMemberBannerRoutes(scope, platform);
    registerMemberPromoCodeRoutes(scope, platform);
    registerMemberLoyaltyRoutes(scope, platform);
    registerMemberAdvertisingRoutes(scope, platform);
    registerMemberInviteCodeRoutes(scope, platform);
    registerMemberCustomPageRoutes(scope, platform);
    registerMemberWebhookRoutes(scope, memberApi);
    registerMemberNotificationRoutes(scope, platform);
    registerPrivateMessageRoutes(scope, platform);
  });
  registerMediaRoutes(app, platform);
  registerReactionImageRoutes(app, platform);
  registerPrizeImageRoutes(app, platform);
  registerAdImageRoutes(app, platform);
  registerMediaLibraryFileRoutes(app, platform);
  registerCommunitySite(app, platform);
  registerCubeApiRoutes(app, platform);

  if (deps.serveConsole) await registerConsole(app, config);
  return app;
}
