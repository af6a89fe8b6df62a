/**
 * One page of SelfCommunity's own member templates, as an integrator mounts them (issue 18 §3): the
 * context provider points at a community's portal with a member's access token, and the hash names the
 * template to render. The test (../templates.test.ts) serves this bundle on loopback and opens it in
 * Chromium.
 *
 *   page.html?portal=http://127.0.0.1:PORT/c/demo&token=…&contribution=12&category=3&user=7#MainFeed
 */
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { SCContextProvider } from '@selfcommunity/react-core';
import {
  Category,
  CategoryFeed,
  ExploreFeed,
  FeedObjectDetail,
  MainFeed,
  NotificationFeed,
  UserFeed,
  UserProfile,
} from '@selfcommunity/react-templates';
import { SCContributionType } from '@selfcommunity/types';

const params = new URLSearchParams(location.search);
const portal = params.get('portal') ?? '';
const token = params.get('token') ?? '';
const idOf = (name: string) => Number(params.get(name));

const templates: Record<string, () => ReactElement> = {
  MainFeed: () => <MainFeed />,
  ExploreFeed: () => <ExploreFeed />,
  NotificationFeed: () => <NotificationFeed />,
  FeedObjectDetail: () => (
    <FeedObjectDetail feedObjectId={idOf('contribution')} feedObjectType={SCContributionType.POST} />
  ),
  Category: () => <Category id="category" categoryId={idOf('category')} />,
  CategoryFeed: () => <CategoryFeed categoryId={idOf('category')} />,
  UserProfile: () => <UserProfile userId={idOf('user')} />,
  UserFeed: () => <UserFeed userId={idOf('user')} />,
};

const name = location.hash.slice(1);
const template = templates[name];
const root = document.getElementById('root') as HTMLElement;
if (!template) {
  root.textContent = `Unknown template "${name}": one of ${Object.keys(templates).join(', ')}`;
} else {
  document.title = name;
  createRoot(root).render(
    <SCContextProvider
      conf={{
        portal,
        locale: { default: 'en' },
        session: { type: 'OAuth', authToken: { accessToken: token, tokenType: 'Bearer' } },
      }}
    >
      <main data-template={name}>{template()}</main>
    </SCContextProvider>,
  );
}
