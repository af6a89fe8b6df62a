/**
 * Member names of the Cube data model (apps/server/src/analytics/model/*.yml). The console builds its
 * queries from these; a test on the server checks that each one exists in the model.
 */
export const CUBE_MEMBERS = {
  users: {
    count: 'Users.count',
    newRegistrations: 'Users.newRegistrations',
    fromDesktop: 'Users.fromDesktop',
    fromApp: 'Users.fromApp',
    id: 'Users.id',
    username: 'Users.username',
    name: 'Users.name',
    email: 'Users.email',
    registeredAt: 'Users.registeredAt',
    lastLogin: 'Users.lastLogin',
    registeredFrom: 'Users.registeredFrom',
    device: 'Users.device',
    status: 'Users.status',
    score: 'Users.score',
  },
  logins: {
    count: 'Logins.count',
    uniqueUsers: 'Logins.uniqueUsers',
    userId: 'Logins.userId',
    at: 'Logins.at',
    source: 'Logins.source',
  },
  contributions: {
    count: 'Contributions.count',
    posts: 'Contributions.posts',
    discussions: 'Contributions.discussions',
    statuses: 'Contributions.statuses',
    polls: 'Contributions.polls',
    contributors: 'Contributions.contributors',
    id: 'Contributions.id',
    type: 'Contributions.type',
    title: 'Contributions.title',
    authorId: 'Contributions.authorId',
    categoryId: 'Contributions.categoryId',
    createdAt: 'Contributions.createdAt',
  },
  comments: {
    count: 'Comments.count',
    commenters: 'Comments.commenters',
    id: 'Comments.id',
    contributionId: 'Comments.contributionId',
    authorId: 'Comments.authorId',
    createdAt: 'Comments.createdAt',
  },
  votes: {
    count: 'Votes.count',
    voters: 'Votes.voters',
    targetAuthorId: 'Votes.targetAuthorId',
    contributionId: 'Votes.contributionId',
    createdAt: 'Votes.createdAt',
  },
  shares: {
    count: 'Shares.count',
    userId: 'Shares.userId',
    contributionId: 'Shares.contributionId',
    network: 'Shares.network',
    createdAt: 'Shares.createdAt',
  },
  connections: {
    count: 'Connections.count',
    userA: 'Connections.userA',
    userB: 'Connections.userB',
    createdAt: 'Connections.createdAt',
  },
  follows: {
    count: 'Follows.count',
    followerId: 'Follows.followerId',
    followedId: 'Follows.followedId',
    createdAt: 'Follows.createdAt',
  },
  privateMessages: {
    count: 'PrivateMessages.count',
    senders: 'PrivateMessages.senders',
    createdAt: 'PrivateMessages.createdAt',
  },
  views: {
    count: 'Views.count',
    viewers: 'Views.viewers',
    contributionId: 'Views.contributionId',
    createdAt: 'Views.createdAt',
  },
  uploads: {
    count: 'Uploads.count',
    bytes: 'Uploads.bytes',
    kind: 'Uploads.kind',
    createdAt: 'Uploads.createdAt',
  },
  pollVotes: {
    count: 'PollVotes.count',
    voters: 'PollVotes.voters',
    contributionId: 'PollVotes.contributionId',
    choice: 'PollVotes.choice',
    createdAt: 'PollVotes.createdAt',
  },
  categories: {
    count: 'Categories.count',
    id: 'Categories.id',
    name: 'Categories.name',
    createdAt: 'Categories.createdAt',
  },
} as const;

/** Dashboard counters → the measure each one shows (newRegistrationCount over Users.registeredAt). */
export const DASHBOARD_COUNTER_MEASURES = {
  postsCount: 'Contributions.count',
  votesReceivedCount: 'Votes.count',
  commentsCount: 'Comments.count',
  connectionsCount: 'Connections.count',
  followersCount: 'Follows.count',
  totalUsersCount: 'Users.count',
  newRegistrationCount: 'Users.newRegistrations',
  usersWithAtLeastOnePostCount: 'Contributions.contributors',
} as const;
export type DashboardCounter = keyof typeof DASHBOARD_COUNTER_MEASURES;
