import {
  forceAcceptResultSchema,
  legalPageDetailSchema,
  legalPageListSchema,
  legalPagesPaths,
  type LegalPageDetail,
  type LegalPageList,
  type LegalVersionBody,
} from '@agora/contract';
import { apiData } from '../../../core/http/api-client.ts';

/** Query keys of the pages area, per community (internal_url). */
export const pagesKeys = {
  all: ['pages'] as const,
  legal: (internalUrl: string) => [...pagesKeys.all, 'legal', internalUrl] as const,
  legalList: (internalUrl: string) => [...pagesKeys.legal(internalUrl), 'list'] as const,
  legalPage: (internalUrl: string, id: number) => [...pagesKeys.legal(internalUrl), 'page', id] as const,
};

const withId = (path: string, id: number) => path.replace(':id', String(id));

export async function fetchLegalPages(): Promise<LegalPageList> {
  return legalPageListSchema.parse(await apiData<unknown>({ target: 'stack', path: legalPagesPaths.list }));
}

export async function fetchLegalPage(id: number): Promise<LegalPageDetail> {
  return legalPageDetailSchema.parse(
    await apiData<unknown>({ target: 'stack', path: withId(legalPagesPaths.get, id) }),
  );
}

/** Saves a new version of a page: it becomes the current one, which every member must accept. */
export async function addLegalVersion(id: number, body: LegalVersionBody): Promise<LegalPageDetail> {
  return legalPageDetailSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: withId(legalPagesPaths.addVersion, id),
      json: true,
      body: {
        label: body.label ?? '',
        html_body: body.html_body ?? '',
        valid_from: body.valid_from ?? '',
        valid_to: body.valid_to ?? '',
      },
    }),
  );
}

/** Every member must accept the current version again. */
export async function forceAcceptLegalPage(id: number): Promise<{ round: number }> {
  return forceAcceptResultSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: withId(legalPagesPaths.forceAccept, id),
    }),
  );
}
