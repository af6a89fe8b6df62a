import type { EmailKey, EmailSendTemplateKey } from '@agora/contract';

/** One email as it leaves: subject, HTML and its plain-text part. */
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

/** The email manager's template of each type a send may choose (spec core §9, the email template type dialog). */
export const SEND_TEMPLATE_EMAIL: Record<EmailSendTemplateKey, EmailKey> = {
  invite: 'member_invite',
  data_provisioning: 'member_activity',
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

/** A customised task's email: the staff's subject and HTML, the same for every recipient. */
export function customisedContent(task: { subject: string; html: string }): EmailContent {
  const html = framed(task.subject, task.html);
  return { subject: task.subject, html, text: textOf(html) };
}
