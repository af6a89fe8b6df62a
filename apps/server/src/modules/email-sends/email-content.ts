import type { EmailSendTemplateKey } from '@agora/contract';

/** One email as it leaves: subject, HTML and its plain-text part. */
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

/**
 * What each template type says when sent to chosen users from the analytics tables, until the email
 * manager's templates (engineer A's `renderEmail`) are on main: then this module renders through
 * them instead (see the round report).
 */
const TEMPLATE_TYPES: Record<EmailSendTemplateKey, { subject: string; html: string }> = {
  invite: {
    subject: 'You are invited to take part in {community}',
    html: '<p>Hello {name},</p><p>the staff of {community} invites you to take part: new contents and discussions are waiting for you.</p>',
  },
  data_provisioning: {
    subject: 'Your activity in {community}',
    html: '<p>Hello {name},</p><p>the staff of {community} sends you an update about your activity in the community.</p>',
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The plain-text part of an HTML body: tags dropped, entities of the frame decoded, spaces kept tidy. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
}

/** A minimal HTML document around a staff-written body (the body is the staff's own HTML). */
export function framed(subject: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,sans-serif;line-height:1.5;color:#222">${body}</body></html>`;
}

export interface Recipient {
  username: string;
  name: string;
}

/** The email of a task for one recipient. */
export function contentFor(
  task: { subject: string; html: string; template_key: EmailSendTemplateKey | null },
  communityName: string,
  recipient: Recipient,
): EmailContent {
  if (task.template_key) {
    const source = TEMPLATE_TYPES[task.template_key];
    const fill = (s: string, html: boolean) => {
      const esc = html ? escapeHtml : (v: string) => v;
      return s
        .replaceAll('{community}', esc(communityName))
        .replaceAll('{name}', esc(recipient.name || recipient.username));
    };
    const subject = fill(source.subject, false);
    const html = framed(subject, fill(source.html, true));
    return { subject, html, text: textOf(html) };
  }
  const html = framed(task.subject, task.html);
  return { subject: task.subject, html, text: textOf(html) };
}

/** The subject a task shows in the console (a template type's, with the community's name). */
export function taskSubject(key: EmailSendTemplateKey, communityName: string): string {
  return TEMPLATE_TYPES[key].subject.replaceAll('{community}', communityName);
}
