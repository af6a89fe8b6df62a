import type { Locale, SessionUser } from '@agora/contract';
import type { AccountRow } from './account.repository.ts';

function initialsOf(account: Pick<AccountRow, 'first_name' | 'last_name' | 'username'>): string {
  const fromNames = `${account.first_name.trim().charAt(0)}${account.last_name.trim().charAt(0)}`;
  return (fromNames || account.username.slice(0, 2)).toUpperCase();
}

/** The account as the console sees it (spec core §3 "Session user"). */
export function toSessionUser(account: AccountRow): SessionUser {
  return {
    id: account.id,
    first_name: account.first_name,
    last_name: account.last_name,
    username: account.username,
    email: account.email,
    initials: initialsOf(account),
    email_is_verified: account.email_is_verified,
    last_login: account.last_login ? account.last_login.toISOString() : null,
    date_joined: account.date_joined.toISOString(),
    perms: account.perms,
    professional_subscriptions: account.professional_subscriptions,
    language: (account.language === 'it' ? 'it' : 'en') satisfies Locale,
  };
}
