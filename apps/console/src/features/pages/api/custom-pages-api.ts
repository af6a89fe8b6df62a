import {
  customPageListSchema,
  customPageSchema,
  customPagesPaths,
  errorPageListSchema,
  errorPagesPaths,
  type CustomPage,
  type CustomPageList,
  type CustomPageWriteBody,
  type ErrorPageKind,
  type ErrorPageList,
} from '@agora/contract';
import { apiData } from '../../../core/http/api-client.ts';
import { pagesKeys } from './legal-pages-api.ts';

export const CUSTOM_PAGES_PAGE_SIZE = 20;

/** Query keys of the general and error pages, per community (internal_url). */
export const customPagesKeys = {
  general: (internalUrl: string) => [...pagesKeys.all, 'general', internalUrl] as const,
  list: (internalUrl: string, search: string, offset: number) =>
    [...customPagesKeys.general(internalUrl), 'list', search, offset] as const,
  page: (internalUrl: string, id: number) => [...customPagesKeys.general(internalUrl), 'page', id] as const,
  errors: (internalUrl: string) => [...pagesKeys.all, 'errors', internalUrl] as const,
};

const withId = (path: string, id: number) => path.replace(':id', String(id));

export async function fetchCustomPages(search: string, offset: number): Promise<CustomPageList> {
  return customPageListSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: customPagesPaths.list,
      query: { search: search || undefined, offset, limit: CUSTOM_PAGES_PAGE_SIZE },
    }),
  );
}

export async function fetchCustomPage(id: number): Promise<CustomPage> {
  return customPageSchema.parse(
    await apiData<unknown>({ target: 'stack', path: withId(customPagesPaths.get, id) }),
  );
}

/** Adds a page (no id) or saves one; the server sanitises the body and may refuse the slug (409). */
export async function saveCustomPage(id: number | null, body: CustomPageWriteBody): Promise<CustomPage> {
  return customPageSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: id === null ? customPagesPaths.add : withId(customPagesPaths.update, id),
      json: true,
      body: {
        title: body.title ?? '',
        slug: body.slug ?? '',
        label: body.label ?? '',
        alternative_url: body.alternative_url ?? '',
        html_body: body.html_body ?? '',
        active: body.active ?? true,
      },
    }),
  );
}

export async function deleteCustomPage(id: number): Promise<void> {
  await apiData<unknown>({ target: 'stack', method: 'POST', path: withId(customPagesPaths.remove, id) });
}

export async function fetchErrorPages(): Promise<ErrorPageList> {
  return errorPageListSchema.parse(await apiData<unknown>({ target: 'stack', path: errorPagesPaths.list }));
}

export async function saveErrorPage(kind: ErrorPageKind, html: string): Promise<ErrorPageList> {
  return errorPageListSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: errorPagesPaths.update.replace(':kind', kind),
      json: true,
      body: { html_body: html },
    }),
  );
}

export async function restoreErrorPage(kind: ErrorPageKind): Promise<ErrorPageList> {
  return errorPageListSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: errorPagesPaths.restore.replace(':kind', kind),
    }),
  );
}
