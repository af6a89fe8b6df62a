import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { RouterLink } from './router-link.tsx';
import { useSession, useSite } from '../app/site-context.tsx';

/**
 * A member who owes acceptance of a legal page (a new version, or a force-accept in the console)
 * sees it first on every page, with links to read them, until they accept.
 */
export function LegalGate() {
  const site = useSite();
  const session = useSession();
  const client = useQueryClient();
  const owed = useQuery({ ...site.queries.legalToAccept(), enabled: session !== null });
  const accept = useMutation({
    mutationFn: async () => {
      for (const page of owed.data ?? []) {
        await site.call(`legal_page/${page.id}/ack/`, { method: 'POST', body: { accept: true } });
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['member', 'legal'] }),
  });
  if (!session || !owed.data || owed.data.length === 0) return null;
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-labelledby="legal-gate-title"
      sx={{ p: 2.5, mb: 3, borderColor: 'primary.main' }}
    >
      <Stack spacing={1.5}>
        <Typography id="legal-gate-title" variant="h6" component="h2">
          <FormattedMessage id="site.legal.owedTitle" />
        </Typography>
        <Typography>
          <FormattedMessage id="site.legal.owed" />
        </Typography>
        <Stack component="ul" sx={{ m: 0, pl: 3 }}>
          {owed.data.map((page) => (
            <li key={page.id}>
              <Link component={RouterLink} to={`/legal/${page.slug}`}>
                {page.title}
              </Link>
            </li>
          ))}
        </Stack>
        {accept.error && (
          <Alert severity="error" role="alert">
            {accept.error.message}
          </Alert>
        )}
        <div>
          <Button variant="contained" onClick={() => accept.mutate()} disabled={accept.isPending}>
            <FormattedMessage id="site.legal.accept" />
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
