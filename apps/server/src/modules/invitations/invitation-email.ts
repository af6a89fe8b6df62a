// The invitation email (issue 14 §3). Kept in this one file: the email manager's templates will
// render it (`renderEmail(..., 'invitation', ...)`) in place of this plain version.

export interface InvitationEmailInput {
  communityName: string;
  name: string;
  code: string;
  signUpUrl: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function invitationEmail(input: InvitationEmailInput): {
  subject: string;
  text: string;
  html: string;
} {
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  const subject = `You are invited to join ${input.communityName}`;
  const text = [
    greeting,
    '',
    `you are invited to join the community ${input.communityName}.`,
    `Sign up here: ${input.signUpUrl}`,
    `Your invite code: ${input.code}`,
  ].join('\n');
  const html =
    `<p>${escapeHtml(greeting)}</p>` +
    `<p>you are invited to join the community <strong>${escapeHtml(input.communityName)}</strong>.</p>` +
    `<p><a href="${escapeHtml(input.signUpUrl)}">Sign up</a></p>` +
    `<p>Your invite code: <code>${escapeHtml(input.code)}</code></p>`;
  return { subject, text, html };
}

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
