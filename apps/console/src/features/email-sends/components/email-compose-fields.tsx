import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { EMAIL_SEND_TEMPLATE_KEYS, type EmailSendTemplateKey } from '@agora/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { SUBJECT_ADVICE, subjectInAdvice } from './send-rules.ts';

export interface EmailDraft {
  kind: 'template' | 'customised';
  templateKey: EmailSendTemplateKey;
  subject: string;
  html: string;
}

export const EMPTY_DRAFT: EmailDraft = { kind: 'template', templateKey: 'invite', subject: '', html: '' };

const TEMPLATE_LABELS: Record<EmailSendTemplateKey, string> = {
  invite: 'emailSends.template.invite',
  data_provisioning: 'emailSends.template.dataProvisioning',
};

/** What is sent: a template type (invite, data provisioning), or a subject and body written here. */
export function EmailComposeFields({
  draft,
  onChange,
  errors,
}: {
  draft: EmailDraft;
  onChange: (draft: EmailDraft) => void;
  errors: { subject?: string | null; html?: string | null };
}) {
  const intl = useIntl();
  const set = (change: Partial<EmailDraft>) => onChange({ ...draft, ...change });
  const length = draft.subject.trim().length;
  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id="email-send-kind">
          <FormattedMessage id="emailSends.kind.label" />
        </FormLabel>
        <RadioGroup
          aria-labelledby="email-send-kind"
          value={draft.kind}
          onChange={(event) => set({ kind: event.target.value as EmailDraft['kind'] })}
        >
          <FormControlLabel
            value="template"
            control={<Radio />}
            label={intl.formatMessage({ id: 'emailSends.kind.template' })}
          />
          <FormControlLabel
            value="customised"
            control={<Radio />}
            label={intl.formatMessage({ id: 'emailSends.kind.customised' })}
          />
        </RadioGroup>
      </FormControl>
      {draft.kind === 'template' ? (
        <TextField
          select
          label={intl.formatMessage({ id: 'emailSends.template.label' })}
          value={draft.templateKey}
          onChange={(event) => set({ templateKey: event.target.value as EmailSendTemplateKey })}
          data-testid="email-send-template"
        >
          {EMAIL_SEND_TEMPLATE_KEYS.map((key) => (
            <MenuItem key={key} value={key}>
              <FormattedMessage id={TEMPLATE_LABELS[key]} />
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <>
          <TextField
            required
            label={intl.formatMessage({ id: 'emailSends.subject' })}
            value={draft.subject}
            onChange={(event) => set({ subject: event.target.value })}
            error={Boolean(errors.subject)}
            helperText={
              errors.subject ??
              intl.formatMessage(
                {
                  id: subjectInAdvice(draft.subject)
                    ? 'emailSends.subject.good'
                    : 'emailSends.subject.advice',
                },
                { length, min: SUBJECT_ADVICE.min, max: SUBJECT_ADVICE.max },
              )
            }
          />
          <TextField
            required
            multiline
            minRows={5}
            label={intl.formatMessage({ id: 'emailSends.body' })}
            value={draft.html}
            onChange={(event) => set({ html: event.target.value })}
            error={Boolean(errors.html)}
            helperText={errors.html ?? intl.formatMessage({ id: 'emailSends.body.help' })}
          />
        </>
      )}
    </Stack>
  );
}
