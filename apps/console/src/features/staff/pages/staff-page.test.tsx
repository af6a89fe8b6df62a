import { errorEntry, staffPaths, twoFactorPaths, type StaffMember } from '@agora/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render-screen.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { clearNotices, useNoticeStore } from '../../../core/notices/notice-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch.ts';
import StaffPage from './staff-page.tsx';

const BASE = '/c/demo';

const staff: StaffMember[] = [
  {
    id: 1,
    username: 'ada',
    email: null,
    role: 'admin',
    badge: true,
    prioritize_content: false,
    disable_notifications: false,
    gdpr_data_manager: false,
    gdpr_document_signed: false,
  },
];

function renderStaff(routes: MockRoute[] = []) {
  const mock = mockFetch([
    { method: 'GET', path: `${BASE}${staffPaths.list}`, status: 200, body: { data: staff } },
    { method: 'GET', path: `${BASE}${staffPaths.search}`, status: 200, body: { data: [] } },
    {
      method: 'GET',
      path: `${BASE}${twoFactorPaths.requirement}`,
      status: 200,
      body: { data: { required: false, staff_without_two_factor: [] } },
    },
    ...routes,
  ]);
  renderScreen('/staff', <StaffPage />);
  return mock;
}

const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const manageRoute = (status: number, code: string, message: string, field?: string): MockRoute => ({
  method: 'POST',
  path: `${BASE}${staffPaths.manageRoles}`,
  status,
  body: { errors: [errorEntry(code, message, field)] },
});

async function openAdd(username: string) {
  await screen.findByTestId('staff-row-ada');
  fireEvent.click(screen.getByTestId('staff-add'));
  const dialog = await screen.findByTestId('staff-dialog');
  fireEvent.change(input('username'), { target: { value: username } });
  return dialog;
}

describe('staff page, add dialog', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    clearNotices();
    applyLocale('en');
  });

  it('lists the staff with role and attribute chips', async () => {
    renderStaff();
    const row = await screen.findByTestId('staff-row-ada');
    expect(within(row).getByText('Admin')).toBeTruthy();
    expect(within(row).getByText('Badge')).toBeTruthy();
  });

  it('asks for the GDPR document before sending, then shows the spec messages of the server', async () => {
    const { calls } = renderStaff([
      manageRoute(409, 'already_staff', 'User already in the staff', 'username'),
    ]);
    const dialog = await openAdd('bob');
    expect(document.querySelector('[name="gdpr_document_signed"]')).toBeNull();
    fireEvent.click(input('gdpr_data_manager'));
    fireEvent.click(screen.getByTestId('staff-dialog-save'));
    expect(
      await within(dialog).findByText('Confirm that the user signed the data-processing document.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(input('gdpr_document_signed'));
    fireEvent.click(screen.getByTestId('staff-dialog-save'));
    expect(await within(dialog).findByText('User already in the staff')).toBeTruthy();
    const body = Object.fromEntries(new URLSearchParams(calls.find((c) => c.method === 'POST')?.body ?? ''));
    expect(body).toMatchObject({
      username: 'bob',
      role: 'moderator',
      mode: 'add',
      gdpr_data_manager: 'true',
      gdpr_document_signed: 'true',
    });
  });

  it("shows 'No users found with this username!' for an unknown user", async () => {
    renderStaff([manageRoute(404, 'user_not_found', 'No users found with this username!', 'username')]);
    const dialog = await openAdd('ghost');
    fireEvent.click(screen.getByTestId('staff-dialog-save'));
    expect(await within(dialog).findByText('No users found with this username!')).toBeTruthy();
  });

  it("keeps the change but warns 'Error sending mail notification' when the email fails", async () => {
    renderStaff([manageRoute(502, 'mail_failed', 'Error sending mail notification')]);
    await openAdd('nora');
    fireEvent.click(input('notify'));
    fireEvent.click(screen.getByTestId('staff-dialog-save'));
    expect(await screen.findByText('Error sending mail notification')).toBeTruthy();
    expect(useNoticeStore.getState().notices[0]?.messageId).toBe('staff.error.mailFailed');
  });
  // Spec mgmt §5 "the admin user's role cannot be changed": no remove button, the role is fixed.
  it("keeps another admin's role: no remove button, and the role cannot be changed", async () => {
    const member = (username: string, role: StaffMember['role']): StaffMember => ({
      ...(staff[0] as StaffMember),
      id: username.length,
      username,
      role,
    });
    mockFetch([
      {
        method: 'GET',
        path: `${BASE}${staffPaths.list}`,
        status: 200,
        body: { data: [...staff, member('bea', 'admin'), member('cid', 'editor')] },
      },
      { method: 'GET', path: `${BASE}${staffPaths.search}`, status: 200, body: { data: [] } },
      {
        method: 'GET',
        path: `${BASE}${twoFactorPaths.requirement}`,
        status: 200,
        body: { data: { required: false, staff_without_two_factor: [] } },
      },
    ]);
    renderScreen('/staff', <StaffPage />);
    await screen.findByTestId('staff-row-bea');
    expect(screen.queryByRole('button', { name: 'Remove bea' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove cid' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit bea' }));
    const dialog = await screen.findByTestId('staff-dialog');
    expect(within(dialog).getByText("The admin user's role cannot be changed.")).toBeTruthy();
    expect(input('role').disabled).toBe(true);
  });
});
