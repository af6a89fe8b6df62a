// Where an invitation email sends the invited person (issue 14 §3; the email itself is the email
// manager's 'invitation' template).
/**
 * Where the invited person signs up: the community's 'signup with invite code' email URL override with
 * its `{invite_code}` filled, else its 'signup' override, else the member site's sign-up page, both
 * with the code as `invite_code`.
 */
export function invitationSignUpUrl(
  code: string,
  overrides: { signupInviteCode: string; signup: string },
  memberSiteUrl: string,
): string {
  const encoded = encodeURIComponent(code);
  if (overrides.signupInviteCode.includes('{invite_code}')) {
    return overrides.signupInviteCode.split('{invite_code}').join(encoded);
  }
  const base = overrides.signup || `${memberSiteUrl}/signup/`;
  return `${base}${base.includes('?') ? '&' : '?'}invite_code=${encoded}`;
}
