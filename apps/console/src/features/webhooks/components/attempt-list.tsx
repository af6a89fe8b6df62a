import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WebhookAttempt } from '@agora/contract';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import {
  ATTEMPT_PAGE,
  useRefreshWebhook,
  useResendAttemptMutation,
  useWebhookAttemptsQuery,
} from '../api/webhooks-api.ts';

function When({ value }: { value: string | null }) {
  return value ? <FormattedDate value={value} dateStyle="short" timeStyle="medium" /> : <>—</>;
}

function Body({ labelId, text }: { labelId: string; text: string }) {
  return (
    <details>
      <summary>
        <FormattedMessage id={labelId} />
      </summary>
      <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0, fontSize: 12 }}>
        {text || '—'}
      </pre>
    </details>
  );
}

/** One attempt: status, event, times, HTTP status, signature header, bodies; resend. */
function AttemptCard({
  attempt,
  onResend,
  busy,
}: {
  attempt: WebhookAttempt;
  onResend: () => void;
  busy: boolean;
}) {
  const intl = useIntl();
  const ok = attempt.status === 'succeeded';
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, display: 'grid', gap: 0.75, minWidth: 0 }}
      data-testid="webhook-attempt"
    >
      <Stack direction="row" useFlexGap sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          color={ok ? 'success' : 'error'}
          variant="outlined"
          label={intl.formatMessage({ id: ok ? 'webhooks.attempt.succeeded' : 'webhooks.attempt.failed' })}
        />
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{attempt.event_type}</Typography>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage
            id="webhooks.attempt.ids"
            values={{ attempt: attempt.id, event: attempt.event_id }}
          />
        </Typography>
        <Button
          size="small"
          sx={{ ml: 'auto' }}
          disabled={busy}
          onClick={onResend}
          aria-label={intl.formatMessage({ id: 'webhooks.attempt.resendOf' }, { id: attempt.id })}
        >
          <FormattedMessage id="webhooks.attempt.resend" />
        </Button>
      </Stack>
      <Stack direction="row" useFlexGap sx={{ gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2">
          <FormattedMessage id="webhooks.attempt.sentAt" />: <When value={attempt.sent_at} />
        </Typography>
        <Typography variant="body2">
          <FormattedMessage id="webhooks.attempt.nextRetry" />: <When value={attempt.next_retry} />
        </Typography>
        <Typography variant="body2">
          <FormattedMessage id="webhooks.attempt.httpStatus" />: {attempt.http_response_code ?? '—'}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <FormattedMessage id="webhooks.attempt.signature" />:{' '}
        <code>{attempt.http_request_signature_header}</code>
      </Typography>
      <Body labelId="webhooks.attempt.requestBody" text={attempt.http_request_body} />
      <Body labelId="webhooks.attempt.responseBody" text={attempt.http_response_body} />
    </Paper>
  );
}

/** The endpoint's attempts of the last 10 days, newest first, with the one pager. */
export function AttemptList({ endpointId }: { endpointId: number }) {
  const [offset, setOffset] = useState(0);
  const query = useWebhookAttemptsQuery(endpointId, offset);
  const refresh = useRefreshWebhook(endpointId);
  const resend = useResendAttemptMutation({
    onSuccess: () => notify({ messageId: 'webhooks.attempt.resent', variant: 'success' }),
    onError: () => notify({ messageId: 'webhooks.error.resend', variant: 'error' }),
  });
  const rows = query.data?.results ?? [];
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h2">
          <FormattedMessage id="webhooks.attempts.title" />
        </Typography>
        <Button onClick={refresh}>
          <FormattedMessage id="webhooks.action.refresh" />
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="webhooks.attempts.kept" />
      </Typography>
      <ListScaffold
        query={query}
        empty={rows.length === 0}
        errorText={<FormattedMessage id="webhooks.error.attempts" />}
        emptyText={<FormattedMessage id="webhooks.attempts.empty" />}
        testId="webhook-attempts"
        pager={
          <ListPager
            offset={offset}
            pageSize={ATTEMPT_PAGE}
            count={query.data?.count ?? 0}
            onOffset={setOffset}
          />
        }
      >
        <Stack spacing={1}>
          {rows.map((a) => (
            <AttemptCard
              key={a.id}
              attempt={a}
              busy={resend.isPending}
              onResend={() => resend.mutate(a.id)}
            />
          ))}
        </Stack>
      </ListScaffold>
    </Stack>
  );
}
