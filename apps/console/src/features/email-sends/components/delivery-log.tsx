import { EMAIL_DELIVERY_STATUSES, type EmailDelivery, type EmailDeliveryStatus } from '@agora/contract';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { DELIVERIES_PAGE_SIZE } from '../api/email-sends-api.ts';
import { useEmailDeliveriesQuery } from '../api/use-email-sends.ts';

const STATUS_LABELS: Record<EmailDeliveryStatus, string> = {
  queued: 'emailSends.status.queued',
  sent: 'emailSends.status.sent',
  failed: 'emailSends.status.failed',
};

function DeliveryRow({ delivery }: { delivery: EmailDelivery }) {
  const intl = useIntl();
  const status = intl.formatMessage({ id: STATUS_LABELS[delivery.status] });
  return (
    <ListItem divider disableGutters data-testid="email-delivery-row" data-status={delivery.status}>
      <ListItemText
        primary={`${delivery.username} · ${delivery.email || '—'}`}
        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
        secondary={
          <>
            <Typography
              component="span"
              variant="body2"
              color={delivery.status === 'failed' ? 'error' : 'text.secondary'}
              sx={{ display: 'block' }}
            >
              {status}
            </Typography>
            {delivery.status === 'failed' && delivery.answer && (
              <Typography
                component="span"
                variant="body2"
                sx={{ display: 'block', overflowWrap: 'anywhere' }}
              >
                <FormattedMessage id="emailSends.log.answer" values={{ answer: delivery.answer }} />
              </Typography>
            )}
          </>
        }
      />
    </ListItem>
  );
}

/** A task's delivery log: one row per recipient, filtered by status, paged with the one pager. */
export function DeliveryLog({ taskId, running }: { taskId: number; running: boolean }) {
  const intl = useIntl();
  const [status, setStatus] = useState<EmailDeliveryStatus | ''>('');
  const [offset, setOffset] = useState(0);
  const query = useEmailDeliveriesQuery(taskId, { status, offset }, running);
  const page = query.data;
  return (
    <ListScaffold
      testId="email-delivery-log"
      query={query}
      empty={page?.results.length === 0}
      filters={
        <TextField
          select
          size="small"
          label={intl.formatMessage({ id: 'emailSends.log.status' })}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as EmailDeliveryStatus | '');
            setOffset(0);
          }}
          sx={{ maxWidth: 240 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          data-testid="email-delivery-status"
        >
          <MenuItem value="">
            <FormattedMessage id="emailSends.log.all" />
          </MenuItem>
          {EMAIL_DELIVERY_STATUSES.map((one) => (
            <MenuItem key={one} value={one}>
              <FormattedMessage id={STATUS_LABELS[one]} />
            </MenuItem>
          ))}
        </TextField>
      }
      errorText={<FormattedMessage id="emailSends.log.error" />}
      emptyText={<FormattedMessage id="emailSends.log.empty" />}
      pager={
        <ListPager
          offset={offset}
          pageSize={DELIVERIES_PAGE_SIZE}
          count={page?.count ?? 0}
          onOffset={setOffset}
          testId="email-delivery-pager"
        />
      }
    >
      <List dense disablePadding>
        {page?.results.map((delivery) => (
          <DeliveryRow key={delivery.id} delivery={delivery} />
        ))}
      </List>
    </ListScaffold>
  );
}
