import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import {
  EMAIL_PAGE_SIZE,
  emailKeys,
  fetchTemplate,
  fetchTemplates,
  fetchTheme,
  fetchThemes,
  fetchRoles,
  fetchSettings,
  fetchVars,
} from './email-manager-api.ts';

/** One page of the templates; the page shown stays while the next loads. */
export function useTemplatePageQuery(offset: number) {
  const internalUrl = useInternalUrl();
  const page = { offset, limit: EMAIL_PAGE_SIZE };
  return useQuery({
    queryKey: emailKeys.templatePage(internalUrl, page),
    queryFn: () => fetchTemplates(page),
    enabled: internalUrl !== '',
    placeholderData: keepPreviousData,
  });
}

export function useTemplateQuery(id: number | null) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: emailKeys.template(internalUrl, id ?? 0),
    queryFn: () => fetchTemplate(id!),
    enabled: internalUrl !== '' && id !== null,
  });
}

export function useVarsQuery() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: emailKeys.vars(internalUrl),
    queryFn: fetchVars,
    enabled: internalUrl !== '',
    staleTime: Infinity,
  });
}

export function useThemePageQuery(offset: number, limit = EMAIL_PAGE_SIZE) {
  const internalUrl = useInternalUrl();
  const page = { offset, limit };
  return useQuery({
    queryKey: emailKeys.themePage(internalUrl, page),
    queryFn: () => fetchThemes(page),
    enabled: internalUrl !== '',
    placeholderData: keepPreviousData,
  });
}

/** Every theme (the template screen's theme picker): the API's largest page. */
export function useAllThemesQuery() {
  return useThemePageQuery(0, 500);
}

export function useThemeQuery(id: number | null) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: emailKeys.theme(internalUrl, id ?? 0),
    queryFn: () => fetchTheme(id!),
    enabled: internalUrl !== '' && id !== null,
  });
}

/** Who receives each staff notification (the `roles` call). */
export function useRolesQuery() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: emailKeys.roles(internalUrl),
    queryFn: fetchRoles,
    enabled: internalUrl !== '',
  });
}

/** The community's default email language. */
export function useEmailSettingsQuery() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: emailKeys.settings(internalUrl),
    queryFn: fetchSettings,
    enabled: internalUrl !== '',
  });
}
