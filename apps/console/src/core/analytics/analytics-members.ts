/**
 * Translated labels of the Cube members (the data model of the engine); a member missing here is shown
 * with the title its annotation carries.
 */
export const MEMBER_LABEL_MESSAGE: Record<string, string> = {
  'Users.count': 'analyticsCore.member.users',
  'Users.newRegistrations': 'analyticsCore.member.registrations',
  'Users.fromDesktop': 'analyticsCore.member.registrationsFromDesktop',
  'Users.fromApp': 'analyticsCore.member.registrationsFromApp',
  'Users.registeredAt': 'analyticsCore.member.registeredAt',
  'Users.lastLogin': 'analyticsCore.member.lastLogin',
  'Users.username': 'analyticsCore.member.username',
  'Users.name': 'analyticsCore.member.name',
  'Users.status': 'analyticsCore.member.status',
  'Users.device': 'analyticsCore.member.device',
  'Users.registeredFrom': 'analyticsCore.member.registeredFrom',
  'Users.score': 'analyticsCore.member.score',
  'Logins.count': 'analyticsCore.member.accesses',
  'Logins.uniqueUsers': 'analyticsCore.member.uniqueAccesses',
  'Contributions.count': 'analyticsCore.member.contents',
  'Contributions.posts': 'analyticsCore.member.posts',
  'Contributions.discussions': 'analyticsCore.member.discussions',
  'Contributions.statuses': 'analyticsCore.member.statuses',
  'Contributions.polls': 'analyticsCore.member.polls',
  'Contributions.contributors': 'analyticsCore.member.contributors',
  'Contributions.type': 'analyticsCore.member.contentType',
  'Contributions.title': 'analyticsCore.member.title',
  'Comments.count': 'analyticsCore.member.comments',
  'Comments.commenters': 'analyticsCore.member.commenters',
  'Votes.count': 'analyticsCore.member.appreciations',
  'Votes.voters': 'analyticsCore.member.appreciationsGiven',
  'Shares.count': 'analyticsCore.member.shares',
  'Connections.count': 'analyticsCore.member.connections',
  'Follows.count': 'analyticsCore.member.followers',
  'PrivateMessages.count': 'analyticsCore.member.privateMessages',
  'Views.count': 'analyticsCore.member.views',
  'Views.viewers': 'analyticsCore.member.viewers',
  'Uploads.count': 'analyticsCore.member.uploads',
  'Uploads.bytes': 'analyticsCore.member.uploadedBytes',
  'PollVotes.count': 'analyticsCore.member.pollVotes',
  'Categories.count': 'analyticsCore.member.categories',
  'Categories.name': 'analyticsCore.member.category',
};

/** The member a series or column key names: 'Users.count', or the last part of 'post,Contributions.count'. */
export function memberOfKey(key: string): string {
  const parts = key.split(',');
  return parts[parts.length - 1] ?? key;
}
