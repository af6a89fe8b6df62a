import { EmailSendsErrorCode } from '@agora/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fieldErrorText, generalErrorText, parsedErrorsOf } from '../../../core/http/error-text.ts';
import type { EmailSendRequest } from '../api/email-sends-api.ts';
import { useEmailQuotaQuery, useEmailTaskQuery, useStartEmailSendMutation } from '../api/use-email-sends.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { EmailComposeFields, EMPTY_DRAFT, type EmailDraft } from './email-compose-fields.tsx';
import { EmailSendProgress } from './email-send-progress.tsx';
import { checkRecipients } from './send-rules.ts';

type Phase = 'compose' | 'confirm';

function requestOf(draft: EmailDraft, userIds: number[]): EmailSendRequest {
  return draft.kind === 'template'
    ? { kind: 'template', templateKey: draft.templateKey, userIds }
    : { kind: 'customised', subject: draft.subject.trim(), html: draft.html, userIds };
}

/**
 * The analytics tables' email-send dialog (spec core §9, mgmt §5): a template type or a customised
 * subject and body to the chosen users, refused here when they exceed what the community may still
 * send today (only what remains is told, never the quota itself), confirmed, then the task's progress
 * and its delivery log. A second task while one runs gets the spec's busy message.
 */
export function EmailSendDialog({ userIds, onClose }: { userIds: number[]; onClose: () => void }) {
  const intl = useIntl();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [phase, setPhase] = useState<Phase>('compose');
  const [draft, setDraft] = useState<EmailDraft>(EMPTY_DRAFT);
  const [missing, setMissing] = useState<{ subject?: boolean; html?: boolean }>({});
  const [taskId, setTaskId] = useState<number | null>(null);
  const [showLog, setShowLog] = useState(false);
  const quota = useEmailQuotaQuery(taskId === null);
  const task = useEmailTaskQuery(taskId).data;
  const start = useStartEmailSendMutation({
    onSuccess: (started) => setTaskId(started.id),
    onError: (error) => {
      const parsed = parsedErrorsOf(error);
      if (parsed?.fieldErrors.subject || parsed?.fieldErrors.html) setPhase('compose');
      if (parsed?.codes.includes(EmailSendsErrorCode.quotaExceeded)) setPhase('compose');
    },
  });
  const check = checkRecipients(userIds.length, quota.data);
  const remaining = quota.data?.remaining ?? null;

  const required = intl.formatMessage({ id: 'common.requiredError' });
  const errors = {
    subject: missing.subject ? required : start.error ? fieldErrorText(intl, start.error, 'subject') : null,
    html: missing.html ? required : start.error ? fieldErrorText(intl, start.error, 'html') : null,
  };
  const failure = (() => {
    if (!start.error) return null;
    const parsed = parsedErrorsOf(start.error);
    if (parsed?.generalCode === EmailSendsErrorCode.busy)
      return intl.formatMessage({ id: 'emailSends.busy' });
    if (parsed?.codes.includes(EmailSendsErrorCode.quotaExceeded)) return null; // the quota alert says it
    if (parsed?.fieldErrors.subject || parsed?.fieldErrors.html) return null;
    return generalErrorText(intl, start.error) ?? fieldErrorText(intl, start.error, 'user_ids');
  })();

  const proceed = () => {
    if (draft.kind === 'customised') {
      const lacking = { subject: !draft.subject.trim(), html: !draft.html.trim() };
      setMissing(lacking);
      if (lacking.subject || lacking.html) return;
    }
    start.reset();
    setPhase('confirm');
  };

  let content;
  let actions;
  if (taskId !== null) {
    content = (
      <Stack spacing={2}>
        {task ? <EmailSendProgress task={task} /> : <Skeleton variant="rounded" height={56} />}
        {showLog && <DeliveryLog taskId={taskId} running={task?.status !== 'done'} />}
      </Stack>
    );
    actions = (
      <>
        <Button onClick={() => setShowLog((shown) => !shown)} data-testid="email-send-log-toggle">
          <FormattedMessage id={showLog ? 'emailSends.log.hide' : 'emailSends.log.show'} />
        </Button>
        <Button variant="contained" onClick={onClose}>
          <FormattedMessage id="emailSends.close" />
        </Button>
      </>
    );
  } else if (phase === 'confirm') {
    content = (
      <Stack spacing={2}>
        <Typography>
          <FormattedMessage id="emailSends.confirm.question" values={{ count: userIds.length }} />
        </Typography>
        {draft.kind === 'customised' && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            <FormattedMessage id="emailSends.confirm.subject" values={{ subject: draft.subject.trim() }} />
          </Typography>
        )}
        {failure && (
          <Alert severity="error" data-testid="email-send-error">
            {failure}
          </Alert>
        )}
      </Stack>
    );
    actions = (
      <>
        <Button onClick={() => setPhase('compose')} disabled={start.isPending}>
          <FormattedMessage id="emailSends.back" />
        </Button>
        <Button
          variant="contained"
          onClick={() => start.mutate(requestOf(draft, userIds))}
          disabled={start.isPending}
          data-testid="email-send-confirm"
        >
          <FormattedMessage id="emailSends.send" />
        </Button>
      </>
    );
  } else {
    content = (
      <Stack spacing={2}>
        <Typography data-testid="email-send-recipients">
          <FormattedMessage id="emailSends.recipients" values={{ count: userIds.length }} />
        </Typography>
        {quota.isPending && <Skeleton variant="rounded" height={40} />}
        {quota.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void quota.refetch()}>
                <FormattedMessage id="emailSends.retry" />
              </Button>
            }
          >
            <FormattedMessage id="emailSends.quota.error" />
          </Alert>
        )}
        {remaining !== null && check !== 'overQuota' && (
          <Typography variant="body2" color="text.secondary" data-testid="email-send-remaining">
            <FormattedMessage id="emailSends.quota.remaining" values={{ remaining }} />
          </Typography>
        )}
        {check === 'overQuota' && (
          <Alert severity="error" data-testid="email-send-over-quota">
            <FormattedMessage id="emailSends.quota.exceeded" values={{ remaining, count: userIds.length }} />
          </Alert>
        )}
        {check === 'none' && (
          <Alert severity="warning">
            <FormattedMessage id="emailSends.noRecipients" />
          </Alert>
        )}
        <EmailComposeFields draft={draft} onChange={setDraft} errors={errors} />
      </Stack>
    );
    actions = (
      <>
        <Button onClick={onClose}>
          <FormattedMessage id="emailSends.cancel" />
        </Button>
        <Button
          variant="contained"
          onClick={proceed}
          disabled={check !== 'ok' || !quota.isSuccess}
          data-testid="email-send-next"
        >
          <FormattedMessage id="emailSends.next" />
        </Button>
      </>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="email-send-title"
      data-testid="email-send-dialog"
    >
      <DialogTitle id="email-send-title">
        <FormattedMessage id="emailSends.title" />
      </DialogTitle>
      <DialogContent>{content}</DialogContent>
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
}
