import type {
  EmailLocale,
  EmailPreview,
  EmailSettings,
  EmailTemplate,
  EmailTheme,
  StaffRole,
} from '@agora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import {
  deleteTemplate,
  deleteTheme,
  emailKeys,
  previewTemplate,
  previewTheme,
  restoreTemplate,
  restoreTheme,
  saveRoles,
  saveSettings,
  saveTemplate,
  saveTheme,
  setDefaultTheme,
  type PreviewRequest,
  type TemplateFields,
  type ThemeFields,
} from './email-manager-api.ts';

/** After a write: the answered row replaces its cached copy; both lists are asked for again (counts, default). */
function useEmailCache() {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  const lists = () => {
    void client.invalidateQueries({ queryKey: emailKeys.templates(internalUrl) });
    void client.invalidateQueries({ queryKey: emailKeys.themes(internalUrl) });
  };
  return {
    template(row: EmailTemplate) {
      client.setQueryData(emailKeys.template(internalUrl, row.id), row);
      void client.invalidateQueries({ queryKey: emailKeys.roles(internalUrl) });
      lists();
    },
    settings(row: EmailSettings) {
      client.setQueryData(emailKeys.settings(internalUrl), row);
    },
    theme(row: EmailTheme) {
      client.setQueryData(emailKeys.theme(internalUrl, row.id), row);
      lists();
    },
    removedTemplate(id: number) {
      client.removeQueries({ queryKey: emailKeys.template(internalUrl, id) });
      lists();
    },
    removedTheme(id: number) {
      client.removeQueries({ queryKey: emailKeys.theme(internalUrl, id) });
      lists();
    },
  };
}

function useWrite<TData, TVars>(
  fn: (vars: TVars) => Promise<TData>,
  cacheWork: (data: TData, vars: TVars) => void,
  callbacks: MutationCallbacks<TData, TVars>,
) {
  return useMutation({
    mutationFn: fn,
    onSuccess: (data: TData, vars: TVars) => {
      cacheWork(data, vars);
      callbacks.onSuccess?.(data, vars);
    },
    onError: callbacks.onError,
  });
}

export function useSaveTemplateMutation(
  id: number | null,
  callbacks: MutationCallbacks<EmailTemplate, TemplateFields> = {},
) {
  const cache = useEmailCache();
  return useWrite((body: TemplateFields) => saveTemplate(id, body), cache.template, callbacks);
}
export function useDeleteTemplateMutation(callbacks: MutationCallbacks<void, number> = {}) {
  const cache = useEmailCache();
  return useWrite(deleteTemplate, (_d, id) => cache.removedTemplate(id), callbacks);
}
export function useRestoreTemplateMutation(callbacks: MutationCallbacks<EmailTemplate, number> = {}) {
  const cache = useEmailCache();
  return useWrite(restoreTemplate, cache.template, callbacks);
}
/** Renders a draft on the server with sample values: nothing is stored, nothing cached. */
export function usePreviewMutation(callbacks: MutationCallbacks<EmailPreview, PreviewRequest> = {}) {
  return useWrite(previewTemplate, () => {}, callbacks);
}
export function useThemePreviewMutation(callbacks: MutationCallbacks<EmailPreview, string> = {}) {
  return useWrite(previewTheme, () => {}, callbacks);
}

export function useSaveThemeMutation(
  id: number | null,
  callbacks: MutationCallbacks<EmailTheme, ThemeFields> = {},
) {
  const cache = useEmailCache();
  return useWrite((body: ThemeFields) => saveTheme(id, body), cache.theme, callbacks);
}
export function useDeleteThemeMutation(callbacks: MutationCallbacks<void, number> = {}) {
  const cache = useEmailCache();
  return useWrite(deleteTheme, (_d, id) => cache.removedTheme(id), callbacks);
}
export function useRestoreThemeMutation(callbacks: MutationCallbacks<EmailTheme, number> = {}) {
  const cache = useEmailCache();
  return useWrite(restoreTheme, cache.theme, callbacks);
}
export function useSetDefaultThemeMutation(callbacks: MutationCallbacks<EmailTheme, number> = {}) {
  const cache = useEmailCache();
  return useWrite(setDefaultTheme, cache.theme, callbacks);
}

/** Sets the staff roles a staff notification goes to. */
export function useSaveRolesMutation(
  callbacks: MutationCallbacks<EmailTemplate, { id: number; roles: StaffRole[] }> = {},
) {
  const cache = useEmailCache();
  return useWrite(saveRoles, cache.template, callbacks);
}
export function useSaveEmailSettingsMutation(callbacks: MutationCallbacks<EmailSettings, EmailLocale> = {}) {
  const cache = useEmailCache();
  return useWrite(saveSettings, cache.settings, callbacks);
}
