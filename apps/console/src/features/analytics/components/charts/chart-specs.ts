import { CUBE_MEMBERS as M } from '@agora/contract';
import type { ChartSpec } from './chart-card.tsx';

/**
 * The charts of each screen, on the Cube data model of the engine (member names from the contract).
 * Series are labelled by the analytics kit (registrations, unique accesses, posts, comments, …).
 */
const line = (id: string, titleId: string, measures: string[], time: string, wide = false): ChartSpec => ({
  id,
  titleId,
  variant: 'line',
  measures,
  time,
  wide,
});
const bar = (id: string, titleId: string, measures: string[], time: string): ChartSpec => ({
  id,
  titleId,
  variant: 'bar',
  measures,
  time,
});
const donut = (
  id: string,
  titleId: string,
  measure: string,
  dimension: string,
  time?: string,
): ChartSpec => ({
  id,
  titleId,
  variant: 'donut',
  measures: [measure],
  dimensions: [dimension],
  time,
  order: { [measure]: 'desc' },
  limit: 11,
});
const top = (
  id: string,
  titleId: string,
  measure: string,
  dimensions: string[],
  time: string,
): ChartSpec => ({
  id,
  titleId,
  variant: 'table',
  measures: [measure],
  dimensions,
  time,
  order: { [measure]: 'desc' },
  limit: 10,
});

const C = M.contributions;

export const CONTENT_CHARTS = {
  posts: [
    line(
      'contents',
      'analytics.chart.contents',
      [C.posts, C.discussions, C.statuses, C.polls],
      C.createdAt,
      true,
    ),
    donut('contentTypes', 'analytics.chart.contentTypes', C.count, C.type, C.createdAt),
    line('contributors', 'analytics.chart.contributors', [C.contributors], C.createdAt),
  ],
  categories: [
    bar(
      'categoriesCreated',
      'analytics.chart.categoriesCreated',
      [M.categories.count],
      M.categories.createdAt,
    ),
    top(
      'contentsByCategory',
      'analytics.chart.contentsByCategory',
      C.count,
      [M.categories.name],
      C.createdAt,
    ),
  ],
  polls: [
    line('polls', 'analytics.chart.polls', [C.polls], C.createdAt),
    line(
      'pollVotes',
      'analytics.chart.pollVotes',
      [M.pollVotes.count, M.pollVotes.voters],
      M.pollVotes.createdAt,
    ),
  ],
};

/** One chart per series of core §3 (each is counted on its own time member). */
export function activityCharts(followEnabled: boolean): ChartSpec[] {
  return [
    line('registrations', 'analytics.chart.registrations', [M.users.newRegistrations], M.users.registeredAt),
    line('uniqueAccesses', 'analytics.chart.uniqueAccesses', [M.logins.uniqueUsers], M.logins.at),
    line('posts', 'analytics.chart.posts', [C.posts], C.createdAt),
    line('comments', 'analytics.chart.comments', [M.comments.count], M.comments.createdAt),
    line('appreciations', 'analytics.chart.appreciations', [M.votes.count], M.votes.createdAt),
    followEnabled
      ? line('followers', 'analytics.chart.followers', [M.follows.count], M.follows.createdAt)
      : line('connections', 'analytics.chart.connections', [M.connections.count], M.connections.createdAt),
    line('shares', 'analytics.chart.shares', [M.shares.count], M.shares.createdAt),
    line(
      'privateMessages',
      'analytics.chart.privateMessages',
      [M.privateMessages.count],
      M.privateMessages.createdAt,
    ),
    bar(
      'registrationsBySource',
      'analytics.chart.registrationsBySource',
      [M.users.fromDesktop, M.users.fromApp],
      M.users.registeredAt,
    ),
  ];
}

export const USER_CHARTS = {
  active: [
    line('activeUsers', 'analytics.chart.uniqueAccesses', [M.logins.uniqueUsers], M.logins.at, true),
    bar('accesses', 'analytics.chart.accesses', [M.logins.count], M.logins.at),
    donut('accessSources', 'analytics.chart.accessSources', M.logins.count, M.logins.source, M.logins.at),
  ],
  engagement: [
    // One cube per chart: contributions and comments share no join, so one query over both was refused.
    line('engagementContributors', 'analytics.chart.contributors', [C.contributors], C.createdAt),
    line('engagementCommenters', 'analytics.chart.commenters', [M.comments.commenters], M.comments.createdAt),
    line('engagementVoters', 'analytics.chart.appreciationsGiven', [M.votes.voters], M.votes.createdAt),
  ],
  loyalty: [
    line('visits', 'analytics.chart.visits', [M.logins.count, M.logins.uniqueUsers], M.logins.at, true),
    line('viewers', 'analytics.chart.contentsViewed', [M.views.count, M.views.viewers], M.views.createdAt),
  ],
  contributors: [
    line('contributorsTrend', 'analytics.chart.contributors', [C.contributors], C.createdAt, true),
  ],
  social: (followEnabled: boolean) => [
    followEnabled
      ? line('socialFollowers', 'analytics.chart.followers', [M.follows.count], M.follows.createdAt)
      : line(
          'socialConnections',
          'analytics.chart.connections',
          [M.connections.count],
          M.connections.createdAt,
        ),
    line(
      'socialMessages',
      'analytics.chart.privateMessages',
      [M.privateMessages.count, M.privateMessages.senders],
      M.privateMessages.createdAt,
    ),
    line('socialShares', 'analytics.chart.shares', [M.shares.count], M.shares.createdAt),
    donut(
      'shareNetworks',
      'analytics.chart.shareNetworks',
      M.shares.count,
      M.shares.network,
      M.shares.createdAt,
    ),
  ],
  reputation: [
    line(
      'reputationVotes',
      'analytics.chart.appreciations',
      [M.votes.count, M.votes.voters],
      M.votes.createdAt,
    ),
    {
      id: 'topScore',
      variant: 'table' as const,
      titleId: 'analytics.chart.topScore',
      measures: [M.users.count],
      dimensions: [M.users.username, M.users.score],
      order: { [M.users.score]: 'desc' as const },
      limit: 10,
    },
  ],
  status: [donut('userStatus', 'analytics.chart.userStatus', M.users.count, M.users.status)],
};

export const REPORT_CHARTS = {
  appUsage: [
    bar(
      'appRegistrations',
      'analytics.chart.registrationsBySource',
      [M.users.fromDesktop, M.users.fromApp],
      M.users.registeredAt,
    ),
    donut(
      'registeredFrom',
      'analytics.chart.registeredFrom',
      M.users.count,
      M.users.registeredFrom,
      M.users.registeredAt,
    ),
    donut('loginSources', 'analytics.chart.accessSources', M.logins.count, M.logins.source, M.logins.at),
  ],
};

export function connectionCharts(followEnabled: boolean): ChartSpec[] {
  return followEnabled
    ? [line('follows', 'analytics.chart.followers', [M.follows.count], M.follows.createdAt, true)]
    : [
        line(
          'connectionsTrend',
          'analytics.chart.connections',
          [M.connections.count],
          M.connections.createdAt,
          true,
        ),
      ];
}

export const UPLOAD_CHARTS = [
  line('uploads', 'analytics.chart.uploads', [M.uploads.count], M.uploads.createdAt),
  bar('uploadBytes', 'analytics.chart.uploadBytes', [M.uploads.bytes], M.uploads.createdAt),
  donut('uploadKinds', 'analytics.chart.uploadKinds', M.uploads.count, M.uploads.kind, M.uploads.createdAt),
];

export const DEVICE_CHARTS = [
  donut('devices', 'analytics.chart.devices', M.users.count, M.users.device),
  donut(
    'devicesNew',
    'analytics.chart.devicesNew',
    M.users.newRegistrations,
    M.users.device,
    M.users.registeredAt,
  ),
];
