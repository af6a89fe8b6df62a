import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, FormattedNumber } from 'react-intl';
import { useBlocked, useSession, useSite } from '../app/site-context.tsx';
import { QueryView, SignInRequiredPanel } from '../components/query-view.tsx';
import { StatusPanel } from '../components/status-panel.tsx';
import { NO_PREFERENCES, preferenceOn } from '../site-api/site-queries.ts';
import type { MemberPrize, MemberPrizeRequest } from '../site-api/member-extras-queries.ts';

/** SelfCommunity's request statuses: 0 pending, 1 refused, 2 sent. */
const REQUEST_STATUS: Record<number, { id: string; colour: 'default' | 'error' | 'success' }> = {
  0: { id: 'site.loyalty.status.pending', colour: 'default' },
  1: { id: 'site.loyalty.status.refused', colour: 'error' },
  2: { id: 'site.loyalty.status.sent', colour: 'success' },
};

/** The member's loyalty points, the prizes they can ask for with them, and their requests. */
export function LoyaltyPage() {
  const site = useSite();
  const session = useSession();
  const preferences = useQuery(site.queries.preferences()).data ?? NO_PREFERENCES;
  if (!session) return <SignInRequiredPanel />;
  if (!preferenceOn(preferences, 'loyalty_points_collection')) {
    return (
      <StatusPanel
        title={<FormattedMessage id="site.loyalty.title" />}
        body={<FormattedMessage id="site.loyalty.off" />}
      />
    );
  }
  return <Loyalty />;
}

function Loyalty() {
  const site = useSite();
  const client = useQueryClient();
  const blocked = useBlocked();
  const me = useQuery(site.queries.me()).data;
  const points = useQuery({ ...site.queries.loyaltyPoints(me?.id ?? 0), enabled: me !== undefined });
  const prizes = useQuery(site.queries.loyaltyPrizes());
  const requests = useQuery(site.queries.loyaltyRequests());
  const ask = useMutation({
    mutationFn: (prize: number) => site.call('loyalty/request/', { method: 'POST', body: { prize } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['member', 'loyalty'] }),
  });
  const balance = points.data;
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2, fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        <FormattedMessage id="site.loyalty.title" />
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 4 }}>
        <Typography component="p" variant="h6">
          {balance === undefined ? (
            <FormattedMessage id="site.loading" />
          ) : (
            <FormattedMessage
              id="site.loyalty.points"
              values={{ points: balance, shown: <FormattedNumber value={balance} /> }}
            />
          )}
        </Typography>
      </Paper>
      {ask.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <FormattedMessage id="site.loyalty.requestRefused" />
        </Alert>
      )}
      {ask.isSuccess && (
        <Alert severity="success" sx={{ mb: 2 }}>
          <FormattedMessage id="site.loyalty.requested" />
        </Alert>
      )}
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        <FormattedMessage id="site.loyalty.prizes" />
      </Typography>
      <QueryView query={prizes}>
        {(data) =>
          data.results.length === 0 ? (
            <Typography color="text.secondary" sx={{ mb: 4 }}>
              <FormattedMessage id="site.loyalty.noPrizes" />
            </Typography>
          ) : (
            <Box
              component="ul"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                mb: 4,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
              }}
            >
              {data.results.map((prize) => (
                <PrizeCard
                  key={prize.id}
                  prize={prize}
                  affordable={balance !== undefined && balance >= prize.points}
                  disabled={blocked !== null || ask.isPending}
                  onRequest={() => ask.mutate(prize.id)}
                />
              ))}
            </Box>
          )
        }
      </QueryView>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        <FormattedMessage id="site.loyalty.requests" />
      </Typography>
      <QueryView query={requests}>
        {(data) =>
          data.results.length === 0 ? (
            <Typography color="text.secondary">
              <FormattedMessage id="site.loyalty.noRequests" />
            </Typography>
          ) : (
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {data.results.map((request) => (
                <RequestLine key={request.id} request={request} />
              ))}
            </Stack>
          )
        }
      </QueryView>
    </>
  );
}

function PrizeCard({
  prize,
  affordable,
  disabled,
  onRequest,
}: {
  prize: MemberPrize;
  affordable: boolean;
  disabled: boolean;
  onRequest: () => void;
}) {
  const titleId = `prize-${prize.id}`;
  return (
    <Paper component="li" variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      {prize.image && (
        <Box
          component="img"
          src={prize.image}
          alt=""
          loading="lazy"
          sx={{
            width: '100%',
            aspectRatio: '4 / 3',
            objectFit: 'cover',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        />
      )}
      <Stack spacing={1} sx={{ p: 2, flexGrow: 1 }}>
        <Typography id={titleId} variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {prize.title}
        </Typography>
        {prize.description && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {prize.description}
          </Typography>
        )}
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          <FormattedMessage
            id="site.loyalty.cost"
            values={{ points: prize.points, shown: <FormattedNumber value={prize.points} /> }}
          />
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          disabled={!affordable || disabled}
          onClick={onRequest}
          sx={{ textTransform: 'none' }}
          aria-describedby={titleId}
        >
          {affordable ? (
            <FormattedMessage id="site.loyalty.request" />
          ) : (
            <FormattedMessage id="site.loyalty.notEnough" />
          )}
        </Button>
      </Stack>
    </Paper>
  );
}

function RequestLine({ request }: { request: MemberPrizeRequest }) {
  const status = REQUEST_STATUS[request.status] ?? REQUEST_STATUS[0]!;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{request.prize.title}</Typography>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage
              id="site.loyalty.requestedOn"
              values={{
                date: <FormattedDate value={request.pending_at} dateStyle="medium" />,
                points: request.prize_points,
              }}
            />
          </Typography>
        </Box>
        <Chip
          label={<FormattedMessage id={status.id} />}
          color={status.colour}
          variant="outlined"
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        />
      </Stack>
    </Paper>
  );
}
