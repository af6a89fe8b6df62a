import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  emailDeleteResultSchema,
  emailListQuerySchema,
  emailManagerPaths as paths,
  emailPreviewBodySchema,
  emailPreviewSchema,
  emailRolesSchema,
  emailSetRolesBodySchema,
  emailSettingsBodySchema,
  emailSettingsSchema,
  emailSetThemeBodySchema,
  emailTemplateListSchema,
  emailTemplateSchema,
  emailTemplateWriteBodySchema,
  emailThemeListSchema,
  emailThemePreviewBodySchema,
  emailThemeSchema,
  emailThemeWriteBodySchema,
  emailVarsSchema,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';
import { createEmailManagerService } from './email-manager.service.ts';

const tags = ['email-manager'];
const security = [{ bearer: [] }];
/** A marketing area of the admin (spec mgmt §6), behind the `email_manager` flag. */
const access = { ...areaAccess('email-manager'), feature: 'email_manager' as const };
/** The guard reads the slug after validation: params schemas must keep it. */
const idParams = z.object({ slug: z.string(), id: rowIdSchema });
const errors = errorResponses(400, 401, 403, 404);
const templateResponse = { 200: dataEnvelope(emailTemplateSchema), ...errors };
const themeResponse = { 200: dataEnvelope(emailThemeSchema), ...errors };
const deleteResponse = {
  200: dataEnvelope(emailDeleteResultSchema),
  ...errorResponses(400, 401, 403, 404, 409),
};
const previewResponse = { 200: dataEnvelope(emailPreviewSchema), ...errors };

/** Stack-scoped routes of the email manager (registered inside the community guard). */
export function registerEmailManagerRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createEmailManagerService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const stackOf = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request).stackId;
  const byOf = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request).username;
  const s = (summary: string) => ({ tags, security, summary });

  r.get(
    paths.templates,
    {
      config: access,
      schema: {
        ...s('Email templates: one per product email (created on first use) and the custom ones'),
        querystring: emailListQuerySchema,
        response: { 200: dataEnvelope(emailTemplateListSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.listTemplates(stackOf(request), request.query) }),
  );

  r.get(
    paths.vars,
    {
      config: access,
      schema: {
        ...s('The variables each template and a theme may use'),
        response: { 200: dataEnvelope(emailVarsSchema), ...errors },
      },
    },
    async () => ({ data: service.vars() }),
  );

  r.get(
    paths.roles,
    {
      config: access,
      schema: {
        ...s('The staff roles, and the roles each staff notification is sent to'),
        response: { 200: dataEnvelope(emailRolesSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.roles(stackOf(request)) }),
  );

  r.get(
    paths.settings,
    {
      config: access,
      schema: {
        ...s("The community's default email language (when a recipient's own is not known)"),
        response: { 200: dataEnvelope(emailSettingsSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.settings(stackOf(request)) }),
  );

  r.post(
    paths.settings,
    {
      config: access,
      schema: {
        ...s("Set the community's default email language"),
        body: emailSettingsBodySchema,
        response: { 200: dataEnvelope(emailSettingsSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.saveSettings(stackOf(request), request.body.default_language, byOf(request)),
    }),
  );

  r.post(
    paths.templateRoles,
    {
      config: access,
      schema: {
        ...s('Set the staff roles a staff notification is sent to (other templates: 400)'),
        params: idParams,
        body: emailSetRolesBodySchema,
        response: templateResponse,
      },
    },
    async (request) => ({
      data: await service.setRoles(stackOf(request), request.params.id, request.body.roles, byOf(request)),
    }),
  );

  r.post(
    paths.templateAdd,
    {
      config: access,
      schema: {
        ...s('Add a custom template'),
        body: emailTemplateWriteBodySchema,
        response: templateResponse,
      },
    },
    async (request) => ({ data: await service.addTemplate(stackOf(request), request.body, byOf(request)) }),
  );

  r.get(
    paths.template,
    { config: access, schema: { ...s('An email template'), params: idParams, response: templateResponse } },
    async (request) => ({ data: await service.getTemplate(stackOf(request), request.params.id) }),
  );

  r.post(
    paths.templateUpdate,
    {
      config: access,
      schema: {
        ...s('Change a template; one that does not render is refused with the reason'),
        params: idParams,
        body: emailTemplateWriteBodySchema,
        response: templateResponse,
      },
    },
    async (request) => ({
      data: await service.updateTemplate(stackOf(request), request.params.id, request.body, byOf(request)),
    }),
  );

  r.post(
    paths.templateDelete,
    {
      config: access,
      schema: {
        ...s('Delete a custom template (a product email cannot be deleted)'),
        params: idParams,
        response: deleteResponse,
      },
    },
    async (request) => ({ data: await service.deleteTemplate(stackOf(request), request.params.id) }),
  );

  r.post(
    paths.templateDefaults,
    {
      config: access,
      schema: {
        ...s("Restore a product email's template to the shipped default"),
        params: idParams,
        response: templateResponse,
      },
    },
    async (request) => ({
      data: await service.restoreTemplate(stackOf(request), request.params.id, byOf(request)),
    }),
  );

  r.post(
    paths.templateSetTheme,
    {
      config: access,
      schema: {
        ...s("Assign a theme to a template (null: the community's default theme)"),
        params: idParams,
        body: emailSetThemeBodySchema,
        response: templateResponse,
      },
    },
    async (request) => ({
      data: await service.setTheme(stackOf(request), request.params.id, request.body.theme, byOf(request)),
    }),
  );

  r.post(
    paths.preview,
    {
      config: access,
      schema: {
        ...s('Render a template with sample values (nothing is stored)'),
        body: emailPreviewBodySchema,
        response: previewResponse,
      },
    },
    async (request) => ({ data: await service.preview(stackOf(request), request.body) }),
  );

  r.get(
    paths.themes,
    {
      config: access,
      schema: {
        ...s('Email themes, the default first'),
        querystring: emailListQuerySchema,
        response: { 200: dataEnvelope(emailThemeListSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.listThemes(stackOf(request), request.query) }),
  );

  r.post(
    paths.themePreview,
    {
      config: access,
      schema: {
        ...s('Render a theme around a sample email (nothing is stored)'),
        body: emailThemePreviewBodySchema,
        response: previewResponse,
      },
    },
    async (request) => ({ data: await service.previewTheme(stackOf(request), request.body.html) }),
  );

  r.post(
    paths.themeAdd,
    {
      config: access,
      schema: { ...s('Add a theme'), body: emailThemeWriteBodySchema, response: themeResponse },
    },
    async (request) => ({ data: await service.addTheme(stackOf(request), request.body, byOf(request)) }),
  );

  r.get(
    paths.theme,
    { config: access, schema: { ...s('An email theme'), params: idParams, response: themeResponse } },
    async (request) => ({ data: await service.getTheme(stackOf(request), request.params.id) }),
  );

  r.post(
    paths.themeUpdate,
    {
      config: access,
      schema: {
        ...s('Change a theme; one without the content slot or that does not render is refused'),
        params: idParams,
        body: emailThemeWriteBodySchema,
        response: themeResponse,
      },
    },
    async (request) => ({
      data: await service.updateTheme(stackOf(request), request.params.id, request.body, byOf(request)),
    }),
  );

  r.post(
    paths.themeDelete,
    {
      config: access,
      schema: {
        ...s('Delete a theme no template uses (never the default)'),
        params: idParams,
        response: deleteResponse,
      },
    },
    async (request) => ({ data: await service.deleteTheme(stackOf(request), request.params.id) }),
  );

  r.post(
    paths.themeDefaults,
    {
      config: access,
      schema: {
        ...s('Restore the shipped theme to its shipped HTML'),
        params: idParams,
        response: themeResponse,
      },
    },
    async (request) => ({
      data: await service.restoreTheme(stackOf(request), request.params.id, byOf(request)),
    }),
  );

  r.post(
    paths.themeSetDefault,
    {
      config: access,
      schema: { ...s("Make a theme the community's default"), params: idParams, response: themeResponse },
    },
    async (request) => ({
      data: await service.setDefaultTheme(stackOf(request), request.params.id, byOf(request)),
    }),
  );
}
