import {
  manageRolesResultSchema,
  staffMemberSchema,
  staffPaths,
  StaffErrorCode,
  userSearchResultSchema,
  type StaffMember,
  type StaffRole,
  type UserSearchResult,
} from '@agora/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiData } from '../../../core/http/api-client.ts';
import { isHttpError } from '../../../core/http/http-error.ts';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';

/** Query keys of the staff screen, per community (internal_url). */
export const staffKeys = {
  all: ['staff'] as const,
  list: (internalUrl: string) => [...staffKeys.all, 'list', internalUrl] as const,
  search: (internalUrl: string, username: string) =>
    [...staffKeys.all, 'search', internalUrl, username] as const,
};

export interface StaffForm {
  username: string;
  role: StaffRole;
  badge: boolean;
  prioritize_content: boolean;
  disable_notifications: boolean;
  gdpr_data_manager: boolean;
  gdpr_document_signed: boolean;
  notify: boolean;
}

export async function fetchStaff(): Promise<StaffMember[]> {
  return z.array(staffMemberSchema).parse(await apiData<unknown>({ target: 'stack', path: staffPaths.list }));
}

export async function searchUsers(username: string): Promise<UserSearchResult[]> {
  return z
    .array(userSearchResultSchema)
    .parse(await apiData<unknown>({ target: 'stack', path: staffPaths.search, query: { username } }));
}

export async function saveStaffMember(form: StaffForm, mode: 'add' | 'edit'): Promise<StaffMember | null> {
  return manageRolesResultSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: staffPaths.manageRoles,
      body: { ...form, mode },
    }),
  );
}

export async function removeStaffMember(username: string): Promise<void> {
  await apiData<unknown>({ target: 'stack', method: 'POST', path: staffPaths.remove, body: { username } });
}

/** The staff screen's own wording of a failed call (spec mgmt §8), or null for other failures. */
export function staffErrorId(error: unknown): string | null {
  if (!isHttpError(error)) return null;
  const codes: readonly string[] = error.parsed.codes;
  if (codes.includes(StaffErrorCode.alreadyStaff)) return 'staff.error.alreadyStaff';
  if (codes.includes(StaffErrorCode.userNotFound)) return 'staff.error.userNotFound';
  if (codes.includes(StaffErrorCode.mailFailed)) return 'staff.error.mailFailed';
  if (codes.includes(StaffErrorCode.ownRole)) return 'staff.error.ownRole';
  if (codes.includes(StaffErrorCode.adminRole)) return 'staff.error.adminRole';
  if (codes.includes(StaffErrorCode.gdprDocumentRequired)) return 'staff.error.gdprDocument';
  if (codes.includes(StaffErrorCode.removeFailed)) return 'staff.error.removeFailed';
  return null;
}

export function useStaffList() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: staffKeys.list(internalUrl),
    queryFn: fetchStaff,
    enabled: internalUrl !== '',
  });
}

export function useUserSearch(username: string) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: staffKeys.search(internalUrl, username),
    queryFn: () => searchUsers(username),
    enabled: internalUrl !== '' && username.trim() !== '',
  });
}

/**
 * Adds or edits a staff member. The list is refetched whatever the answer: a change whose mail
 * failed is kept by the server, so the list must show it too.
 */
export function useSaveStaffMemberMutation(
  mode: 'add' | 'edit',
  callbacks: MutationCallbacks<StaffMember | null, StaffForm> = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: StaffForm) => saveStaffMember(form, mode),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

/** Removes a staff member; the list is refetched after the answer. */
export function useRemoveStaffMemberMutation(callbacks: MutationCallbacks<void, string> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeStaffMember,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
