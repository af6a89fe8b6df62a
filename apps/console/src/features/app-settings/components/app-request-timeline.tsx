import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { AppRequest, AppRequestStatus } from '@agora/contract';
import { FormattedDate, FormattedMessage, FormattedTime } from 'react-intl';

export const STATUS_LABELS: Record<AppRequestStatus, string> = {
  sent: 'appSettings.status.sent',
  received_under_verification: 'appSettings.status.received_under_verification',
  rejected: 'appSettings.status.rejected',
  taken_in_charge: 'appSettings.status.taken_in_charge',
  completed: 'appSettings.status.completed',
};

/** The path a request takes; a rejection replaces "taken in charge". */
function stepsFor(status: AppRequestStatus | null): AppRequestStatus[] {
  return status === 'rejected'
    ? ['sent', 'received_under_verification', 'rejected']
    : ['sent', 'received_under_verification', 'taken_in_charge', 'completed'];
}

function When({ at }: { at: string }) {
  const date = new Date(at);
  return (
    <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
      <FormattedDate value={date} year="numeric" month="short" day="numeric" /> <FormattedTime value={date} />
    </Typography>
  );
}

/** Where the request stands: each state reached, with its date and time (spec mgmt §4). */
export function AppRequestTimeline({ request }: { request: AppRequest }) {
  const steps = stepsFor(request.status);
  const reached = request.status ? steps.indexOf(request.status) : -1;
  // The last time each state was entered in the current round (after the latest sending).
  const lastSent = request.history.map((e) => e.status).lastIndexOf('sent');
  const round = lastSent >= 0 ? request.history.slice(lastSent) : [];
  const at = (status: AppRequestStatus) => round.findLast((event) => event.status === status)?.at;
  return (
    <Stepper
      orientation="vertical"
      activeStep={reached}
      data-testid={`timeline-${request.platform}`}
      sx={{ mt: 1 }}
    >
      {steps.map((status, index) => {
        const when = index <= reached ? at(status) : undefined;
        return (
          <Step key={status} completed={index < reached || (index === reached && status === 'completed')}>
            <StepLabel
              error={status === 'rejected'}
              optional={when ? <When at={when} /> : undefined}
              data-testid={`timeline-${request.platform}-${status}`}
            >
              <FormattedMessage id={STATUS_LABELS[status]} />
            </StepLabel>
          </Step>
        );
      })}
    </Stepper>
  );
}
