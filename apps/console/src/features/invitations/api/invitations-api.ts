import {
  categoryPaths,
  invitationAddResultSchema,
  invitationDeleteResultSchema,
  invitationImportResultSchema,
  invitationListSchema,
  invitationSchema,
  invitationSendSchema,
  invitationsPaths as paths,
  taggingPaths,
  type Invitation,
  type InvitationImportResult,
  type InvitationList,
  type InvitationSend,
  type InvitationStatus,
  type InvitationTab,
  type InvitationWrite,
} from '@agora/contract';
import { z } from 'zod';
import { apiData } from '../../../core/http/api-client.ts';
import { uploadWithProgress } from '../../../core/http/upload-with-progress.ts';

export const INVITATIONS_PAGE_SIZE = 20;

/** Query keys of the invitations area, per community (internal_url). */
export const invitationKeys = {
  all: ['invitations'] as const,
  lists: (internalUrl: string) => [...invitationKeys.all, 'list', internalUrl] as const,
  list: (internalUrl: string, filter: InvitationFilter) =>
    [...invitationKeys.lists(internalUrl), filter] as const,
  send: (internalUrl: string, id: number) => [...invitationKeys.all, 'send', internalUrl, id] as const,
  choices: (internalUrl: string) => [...invitationKeys.all, 'choices', internalUrl] as const,
};

export interface InvitationFilter {
  tab: InvitationTab;
  status: InvitationStatus | '';
  search: string;
  offset: number;
}

const withId = (path: string, id: number) => path.replace(':id', String(id));

export async function fetchInvitations(filter: InvitationFilter): Promise<InvitationList> {
  const query = new URLSearchParams({
    tab: filter.tab,
    limit: String(INVITATIONS_PAGE_SIZE),
    offset: String(filter.offset),
  });
  if (filter.status) query.set('status', filter.status);
  if (filter.search) query.set('search', filter.search);
  return invitationListSchema.parse(
    await apiData<unknown>({ target: 'stack', path: `${paths.list}?${query.toString()}` }),
  );
}

export async function saveInvitation(id: number | null, values: InvitationWrite): Promise<Invitation> {
  if (id === null) {
    const added = invitationAddResultSchema.parse(
      await apiData<unknown>({
        target: 'stack',
        method: 'POST',
        path: paths.add,
        json: true,
        body: { invitations: [{ ...values }] },
      }),
    );
    return added.results[0] as Invitation;
  }
  return invitationSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: withId(paths.update, id),
      json: true,
      body: { ...values },
    }),
  );
}

export async function deleteInvitations(ids: number[]): Promise<number> {
  const result = invitationDeleteResultSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: paths.remove,
      json: true,
      body: { ids },
    }),
  );
  return result.deleted;
}

export async function sendInvitations(ids: number[]): Promise<InvitationSend> {
  return invitationSendSchema.parse(
    await apiData<unknown>({ target: 'stack', method: 'POST', path: paths.send, json: true, body: { ids } }),
  );
}

export async function fetchSend(id: number): Promise<InvitationSend> {
  return invitationSendSchema.parse(
    await apiData<unknown>({ target: 'stack', path: withId(paths.sendStatus, id) }),
  );
}

const namedListSchema = z.object({ results: z.array(z.object({ id: z.number(), name: z.string() })) });
export interface Choice {
  id: number;
  name: string;
}

/** The user tags and categories an invitation may give (the dialog's choices). */
export async function fetchChoices(): Promise<{ tags: Choice[]; categories: Choice[] }> {
  const [tags, categories] = await Promise.all([
    apiData<unknown>({ target: 'stack', path: `${taggingPaths.list}?type=user&active=true&limit=500` }).catch(
      () => ({
        results: [],
      }),
    ),
    apiData<unknown>({ target: 'stack', path: categoryPaths.list }).catch(() => ({ results: [] })),
  ]);
  const list = (value: unknown): Choice[] => {
    const parsed = namedListSchema.safeParse(Array.isArray(value) ? { results: value } : value);
    return parsed.success ? parsed.data.results.map(({ id, name }) => ({ id, name })) : [];
  };
  return { tags: list(tags), categories: list(categories) };
}

/** Uploads the CSV with upload progress: multipart with the file in `file` (core's uploadWithProgress). */
export async function importInvitations(
  file: File,
  onProgress?: (percent: number) => void,
): Promise<InvitationImportResult> {
  const body = new FormData();
  body.set('file', file, file.name);
  return invitationImportResultSchema.parse(await uploadWithProgress(paths.import, body, onProgress));
}
