import type { EmailKey, EmailLocale, EmailTemplateType } from '@agora/contract';

/** A shipped template: what a community gets until it edits it, and what a failed edit falls back to. */
export interface ShippedTemplate {
  name: string;
  type: EmailTemplateType;
  subject: Record<EmailLocale, string>;
  html: Record<EmailLocale, string>;
}

export const SHIPPED_THEME_NAME = 'Default';

/** The shipped theme: a plain centred card; `{{{content}}}` is the rendered template. */
export const SHIPPED_THEME_HTML = `<!doctype html>
<html>
<head><meta charset="utf-8"><title>{{subject}}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2328">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
{{{content}}}
</td></tr>
</table>
<p style="font-size:12px;color:#57606a">{{community_name}}</p>
{{#footer_links}}<p style="font-size:12px"><a href="{{url}}" style="color:#0b5cad">{{label}}</a></p>{{/footer_links}}
</td></tr>
</table>
</body>
</html>`;

const p = (text: string) => `<p>${text}</p>`;

export const SHIPPED_TEMPLATES: Record<EmailKey, ShippedTemplate> = {
  registration_approved: {
    name: 'Registration approved',
    type: 'system',
    subject: {
      en: 'Your registration to {{community_name}} has been approved',
      it: 'La tua registrazione a {{community_name}} è stata approvata',
    },
    html: {
      en:
        p('Hello {{username}},') +
        p('your registration to {{community_name}} has been approved: you can now sign in.') +
        p('<a href="{{sign_in_url}}">{{sign_in_url}}</a>'),
      it:
        p('Ciao {{username}},') +
        p('la tua registrazione a {{community_name}} è stata approvata: ora puoi accedere.') +
        p('<a href="{{sign_in_url}}">{{sign_in_url}}</a>'),
    },
  },
  account_verify_email: {
    name: 'Email verification',
    type: 'system',
    subject: {
      en: 'Confirm your email address for {{community_name}}',
      it: 'Conferma il tuo indirizzo email per {{community_name}}',
    },
    html: {
      en:
        p('Hello {{username}},') +
        p('confirm that this address is yours by opening this link:') +
        p('<a href="{{verify_url}}">{{verify_url}}</a>') +
        p(
          'The link works for {{expires_in_hours}} hours. If you did not sign up to {{community_name}}, ignore this email.',
        ),
      it:
        p('Ciao {{username}},') +
        p('conferma che questo indirizzo è tuo aprendo questo link:') +
        p('<a href="{{verify_url}}">{{verify_url}}</a>') +
        p(
          'Il link vale per {{expires_in_hours}} ore. Se non ti sei registrato a {{community_name}}, ignora questa email.',
        ),
    },
  },
  account_password_reset: {
    name: 'Password recovery',
    type: 'system',
    subject: {
      en: 'Choose a new password for {{community_name}}',
      it: 'Scegli una nuova password per {{community_name}}',
    },
    html: {
      en:
        p('Hello {{username}},') +
        p('someone asked to recover the password of your account. Choose a new one here:') +
        p('<a href="{{reset_url}}">{{reset_url}}</a>') +
        p(
          'The link works for {{expires_in_minutes}} minutes and only once. If you did not ask, ignore this email: your password stays the same.',
        ),
      it:
        p('Ciao {{username}},') +
        p('è stato chiesto di recuperare la password del tuo account. Scegline una nuova qui:') +
        p('<a href="{{reset_url}}">{{reset_url}}</a>') +
        p(
          "Il link vale per {{expires_in_minutes}} minuti e una sola volta. Se non l'hai chiesto tu, ignora questa email: la tua password resta la stessa.",
        ),
    },
  },

  moderation_warning: {
    name: 'Warning to an author',
    type: 'system',
    subject: { en: 'A warning about your content', it: 'Un avviso sul tuo contenuto' },
    html: {
      en: '<p style="white-space:pre-line">{{message}}</p><hr><p style="white-space:pre-line">{{excerpt}}</p>',
      it: '<p style="white-space:pre-line">{{message}}</p><hr><p style="white-space:pre-line">{{excerpt}}</p>',
    },
  },
  report_notice: {
    name: 'Notice about reports',
    type: 'system',
    subject: { en: 'A notice about your reports', it: 'Un avviso sulle tue segnalazioni' },
    html: {
      en: '<p style="white-space:pre-line">{{message}}</p><hr><p style="white-space:pre-line">{{excerpt}}</p>',
      it: '<p style="white-space:pre-line">{{message}}</p><hr><p style="white-space:pre-line">{{excerpt}}</p>',
    },
  },
  registration_alert: {
    name: 'Registration alert',
    type: 'system',
    subject: {
      en: '[{{community_name}}] Registrations at {{level}}% of the threshold',
      it: '[{{community_name}}] Registrazioni al {{level}}% della soglia',
    },
    html: {
      en:
        p(
          'The community "{{community_name}}" has {{registrations}} new registrations {{period}}: ' +
            '{{percent}}% of the threshold of {{threshold}}.',
        ) +
        '{{#blocks_now}}' +
        p('New registrations are refused until the next period or until the threshold is raised.') +
        '{{/blocks_now}}{{#will_block}}' +
        p('New registrations will be refused once the threshold is reached.') +
        '{{/will_block}}' +
        p('Change the registration threshold: <a href="{{settings_url}}">{{settings_url}}</a>'),
      it:
        p(
          'La community "{{community_name}}" ha {{registrations}} nuove registrazioni {{period}}: ' +
            'il {{percent}}% della soglia di {{threshold}}.',
        ) +
        '{{#blocks_now}}' +
        p(
          'Le nuove registrazioni sono rifiutate fino al prossimo periodo o finché la soglia non viene alzata.',
        ) +
        '{{/blocks_now}}{{#will_block}}' +
        p('Le nuove registrazioni saranno rifiutate al raggiungimento della soglia.') +
        '{{/will_block}}' +
        p('Cambia la soglia delle registrazioni: <a href="{{settings_url}}">{{settings_url}}</a>'),
    },
  },
  staff_role_assigned: {
    name: 'Staff role assigned',
    type: 'system',
    subject: { en: 'Your role in {{community_name}}', it: 'Il tuo ruolo in {{community_name}}' },
    html: {
      en: p('You are now {{role}} of {{community_name}}.'),
      it: p('Ora sei {{role}} di {{community_name}}.'),
    },
  },
  staff_role_removed: {
    name: 'Staff role removed',
    type: 'system',
    subject: { en: 'Your role in {{community_name}}', it: 'Il tuo ruolo in {{community_name}}' },
    html: {
      en: p('You are no longer in the staff of {{community_name}}.'),
      it: p('Non fai più parte dello staff di {{community_name}}.'),
    },
  },
  webhook_disabled: {
    name: 'Webhook switched off',
    type: 'system',
    subject: {
      en: '[{{community_name}}] A webhook endpoint was switched off',
      it: '[{{community_name}}] Un endpoint webhook è stato disattivato',
    },
    html: {
      en:
        p(
          'The webhook endpoint {{target}} of "{{community_name}}" answered 410 Gone, so it has been switched off.',
        ) +
        p(
          'No events are sent to it until it is switched on again: <a href="{{endpoint_url}}">{{endpoint_url}}</a>',
        ),
      it:
        p(
          'L\'endpoint webhook {{target}} di "{{community_name}}" ha risposto 410 Gone, quindi è stato disattivato.',
        ) +
        p('Non riceve eventi finché non viene riattivato: <a href="{{endpoint_url}}">{{endpoint_url}}</a>'),
    },
  },
  member_notification: {
    name: 'Member notification',
    type: 'system',
    subject: { en: '[{{community_name}}] {{summary}}', it: '[{{community_name}}] {{summary}}' },
    html: {
      en:
        p('Hi {{username}},') +
        p('{{summary}}.') +
        p('See it in {{community_name}}: <a href="{{community_url}}">{{community_url}}</a>') +
        p(
          '<small>You get this email because notification emails are on in your settings. ' +
            '<a href="{{unsubscribe_url}}">Unsubscribe</a></small>',
        ),
      it:
        p('Ciao {{username}},') +
        p('{{summary}}.') +
        p('Guarda su {{community_name}}: <a href="{{community_url}}">{{community_url}}</a>') +
        p(
          '<small>Ricevi questa email perché le email di notifica sono attive nelle tue impostazioni. ' +
            '<a href="{{unsubscribe_url}}">Annulla l\'iscrizione</a></small>',
        ),
    },
  },
  export_ready: {
    name: 'Export ready',
    type: 'data_provisioning',
    subject: {
      en: '[{{community_name}}] Your {{export_type}} export is ready',
      it: "[{{community_name}}] L'esportazione {{export_type}} è pronta",
    },
    html: {
      en:
        p('The {{export_type}} export you requested on the community "{{community_name}}" is ready.') +
        p('Download it (the link is valid for 24 hours, until {{expires_at}}):') +
        p('<a href="{{download_url}}">{{download_url}}</a>'),
      it:
        p(
          'L\'esportazione {{export_type}} che hai richiesto nella community "{{community_name}}" è pronta.',
        ) +
        p('Scaricala (il link vale 24 ore, fino a {{expires_at}}):') +
        p('<a href="{{download_url}}">{{download_url}}</a>'),
    },
  },
  test_email: {
    name: 'Test email',
    type: 'system',
    subject: { en: 'Test email from {{community_name}}', it: 'Email di prova da {{community_name}}' },
    html: {
      en: p(
        'This is a test email sent from the {{community_name}} console to check the email server settings. ' +
          'No reply is needed.',
      ),
      it: p(
        'Questa è una email di prova inviata dalla console di {{community_name}} per verificare le ' +
          'impostazioni del server di posta. Non serve rispondere.',
      ),
    },
  },
  incubator_ready: {
    name: 'Category proposal ready',
    type: 'system',
    subject: {
      en: '[{{community_name}}] The category proposal "{{proposal}}" is ready to publish',
      it: '[{{community_name}}] La proposta di categoria "{{proposal}}" è pronta da pubblicare',
    },
    html: {
      en:
        p(
          'The category proposal "{{proposal}}" has {{subscribers}} adhesions, reaching the threshold of ' +
            '{{threshold}}: it is ready to publish.',
        ) +
        p(
          'Publish it or decide what to do in the incubator: <a href="{{incubator_url}}">{{incubator_url}}</a>',
        ),
      it:
        p(
          'La proposta di categoria "{{proposal}}" ha {{subscribers}} adesioni e raggiunge la soglia di ' +
            '{{threshold}}: è pronta da pubblicare.',
        ) +
        p(
          'Pubblicala o decidi cosa fare nell\'incubatore: <a href="{{incubator_url}}">{{incubator_url}}</a>',
        ),
    },
  },
  invitation: {
    name: 'Invitation',
    type: 'invite',
    subject: {
      en: 'You are invited to join {{community_name}}',
      it: 'Sei invitato a unirti a {{community_name}}',
    },
    html: {
      en:
        p('{{#name}}Hello {{name}},{{/name}}{{^name}}Hello,{{/name}}') +
        p('you are invited to join {{community_name}}. Sign up with your invite code <b>{{code}}</b>:') +
        p('<a href="{{signup_url}}">{{signup_url}}</a>'),
      it:
        p('{{#name}}Ciao {{name}},{{/name}}{{^name}}Ciao,{{/name}}') +
        p(
          'sei invitato a unirti a {{community_name}}. Registrati con il tuo codice di invito <b>{{code}}</b>:',
        ) +
        p('<a href="{{signup_url}}">{{signup_url}}</a>'),
    },
  },
  member_invite: {
    name: 'Invitation to take part',
    type: 'invite',
    subject: {
      en: 'You are invited to take part in {{community_name}}',
      it: 'Sei invitato a partecipare a {{community_name}}',
    },
    html: {
      en:
        p('Hello {{name}},') +
        p(
          'the staff of {{community_name}} invites you to take part: new contents and discussions are waiting for you.',
        ),
      it:
        p('Ciao {{name}},') +
        p(
          'lo staff di {{community_name}} ti invita a partecipare: nuovi contenuti e discussioni ti aspettano.',
        ),
    },
  },
  member_activity: {
    name: 'Your activity',
    type: 'data_provisioning',
    subject: {
      en: 'Your activity in {{community_name}}',
      it: 'La tua attività in {{community_name}}',
    },
    html: {
      en:
        p('Hello {{name}},') +
        p('the staff of {{community_name}} sends you an update about your activity in the community.'),
      it:
        p('Ciao {{name}},') +
        p('lo staff di {{community_name}} ti manda un aggiornamento sulla tua attività nella community.'),
    },
  },
};

/** Sample values for previews: each variable shows its own name, so a preview reads as a form. */
export function sampleView(vars: readonly string[], communityName: string): Record<string, string | boolean> {
  const view: Record<string, string | boolean> = {};
  for (const name of vars) view[name] = name === 'community_name' ? communityName : `[${name}]`;
  return view;
}
