import type { APIRequestContext, Page } from '@playwright/test';
import { describeFindings, seriousViolations } from '../support/accessibility.ts';
import { signInViaUi } from '../support/console.ts';
import { createMember } from '../support/people.ts';
import { DEMO_SLUG } from '../support/server-settings.ts';
import { adminBearer } from '../support/settings.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 12 §3's proof: the user-tag assignment screen reaches every member of a community of more
 * than 300 — the last one in the list's order, through the pager and through the server's search —
 * and a tick assigns the tag at once, which the notice can undo.
 */

const TAGS_API = `/c/${DEMO_SLUG}/platform/api/v1/tags`;
const MEMBERS_WANTED = 305;
const PAGE_SIZE = 25;

interface ObjectPage {
  count: number;
  results: { id: number; label: string; assigned: boolean }[];
}

type Headers = Record<string, string>;

async function objects(request: APIRequestContext, headers: Headers, tagId: number, query: string) {
  const answer = await request.get(`${TAGS_API}/${tagId}/objects/?${query}`, { headers });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: ObjectPage }).data;
}

/** Whether the member carries the tag, as the API says. */
async function carries(request: APIRequestContext, headers: Headers, tagId: number, memberId: number) {
  const assigned = await objects(request, headers, tagId, 'assigned=true&limit=500');
  return assigned.results.some((o) => o.id === memberId);
}

/** Opens the user assignment screen through the drawer and the tab, and picks the tag. */
async function openAssignment(page: Page, tagName: string) {
  await page.getByRole('navigation').first().locator('a[href="/management/tagging"]').click();
  await page.getByRole('tab', { name: 'User assignment' }).click();
  await expect(page).toHaveURL(/\/management\/tagging\/user\/assignment$/);
  await page.getByRole('combobox', { name: 'Tag' }).fill(tagName);
  await page.getByRole('option', { name: tagName }).click();
  await expect(page.getByTestId('tag-objects-pager-range')).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

let headers: Headers;
let tag: { id: number; name: string };
let last: { id: number; label: string };
let count: number;

test.beforeAll(async ({ request }) => {
  headers = await adminBearer(request);
  const name = `Reach all ${Date.now() % 100000}`;
  const added = await request.post(`${TAGS_API}/add/`, { headers, data: { type: 'user', name } });
  expect(added.status(), await added.text()).toBe(200);
  tag = { id: ((await added.json()) as { data: { id: number } }).data.id, name };

  // At least 305 members: the seed's generated ones, and as many more as are missing.
  const before = (await objects(request, headers, tag.id, 'limit=1')).count;
  for (let i = before; i < MEMBERS_WANTED; i++) {
    await createMember(request, { username: `tag-reach-${i}`, password: 'Tag-reach-pass-2026' });
  }
  count = (await objects(request, headers, tag.id, 'limit=1')).count;
  expect(count).toBeGreaterThanOrEqual(MEMBERS_WANTED);
  // The last member in the list's own order (alphabetical, as the server pages it).
  const end = await objects(request, headers, tag.id, `limit=1&offset=${count - 1}`);
  last = end.results[0]!;
  expect(last, 'the last member').toBeTruthy();
});

test('the last member is reached through the pager, tagged at once, and the undo takes it back', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInViaUi(page);
  await openAssignment(page, tag.name);
  const range = page.getByTestId('tag-objects-pager-range');
  await expect(range).toHaveText(`1–${PAGE_SIZE} of ${count}`);

  const next = page.getByTestId('tag-objects-pager-next');
  const pages = Math.ceil(count / PAGE_SIZE);
  for (let shown = 1; shown < pages; shown++) {
    await next.click();
    await expect(range).toHaveText(
      `${shown * PAGE_SIZE + 1}–${Math.min((shown + 1) * PAGE_SIZE, count)} of ${count}`,
    );
  }
  await expect(next).toBeDisabled();
  // The last row of the last page is the last member.
  const rows = page.getByTestId('tag-objects').getByRole('listitem');
  await expect(rows.last()).toContainText(last.label);

  const box = page.getByRole('checkbox', { name: last.label, exact: true });
  // The box follows the click once the change is drawn (an optimistic update, a moment later on a
  // busy machine): clicked, then awaited, rather than Playwright's check(), which reads it at once.
  await box.click();
  await expect(box).toBeChecked();
  const notice = page.getByRole('alert').filter({ hasText: `“${tag.name}” assigned to ${last.label}` });
  await expect(notice).toBeVisible();
  await expect.poll(() => carries(request, headers, tag.id, last.id)).toBe(true);
  await expect(page.getByTestId('tag-assigned-count')).toHaveText('1 member has this tag');

  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `removed from ${last.label}` })).toBeVisible();
  // The screen with a page of members and its notice is accessible (the tabs walk sees it without a tag).
  const found = await seriousViolations(page, 'user assignment, last page');
  expect(found, describeFindings(found)).toEqual([]);
  await expect.poll(() => carries(request, headers, tag.id, last.id)).toBe(false);
  await expect(box).not.toBeChecked();
});

test('the last member is found by the server search, tagged and untagged through the screen', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await signInViaUi(page);
  await openAssignment(page, tag.name);
  await page.getByRole('searchbox', { name: 'Search users' }).fill(last.label);
  const box = page.getByRole('checkbox', { name: last.label, exact: true });
  await expect(box).toBeVisible();
  // Found on the first page of the search's results, wherever it sits in the whole list.
  await expect(page.getByTestId('tag-objects-pager-range')).toHaveText(/^1–\d+ of \d+$/);

  await box.click();
  await expect(box).toBeChecked();
  await expect(page.getByRole('alert').filter({ hasText: `assigned to ${last.label}` })).toBeVisible();
  await expect.poll(() => carries(request, headers, tag.id, last.id)).toBe(true);

  await box.click();
  await expect(box).not.toBeChecked();
  await expect(page.getByRole('alert').filter({ hasText: `removed from ${last.label}` })).toBeVisible();
  await expect.poll(() => carries(request, headers, tag.id, last.id)).toBe(false);
  await expect(box).not.toBeChecked();
});
