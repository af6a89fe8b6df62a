import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useParams } from '../app/site-router.tsx';
import { useSite } from '../app/site-context.tsx';
import { NotFoundPanel, QueryView } from '../components/query-view.tsx';

/**
 * A general page of the console (`/pages/{slug}`): its body, which the server sanitised when staff
 * saved it (scripts, handlers and unsafe addresses removed), or a link to the address it leads to.
 */
export function CustomPageView() {
  const { queries } = useSite();
  const slug = useParams().slug ?? '';
  const page = useQuery(queries.customPage(slug));
  if (!/^[a-z0-9-]+$/.test(slug)) return <NotFoundPanel />;
  return (
    <QueryView query={page}>
      {(data) => (
        <Paper variant="outlined" component="article" sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h4" component="h1" sx={{ mb: 2, fontSize: { xs: '1.6rem', sm: '2rem' } }}>
            {data.title}
          </Typography>
          {data.alternative_url ? (
            <Button variant="contained" href={data.alternative_url}>
              <FormattedMessage id="site.page.open" />
            </Button>
          ) : (
            <Box
              sx={{ overflowWrap: 'anywhere', '& img': { maxWidth: '100%', height: 'auto' } }}
              dangerouslySetInnerHTML={{ __html: data.html_body }}
            />
          )}
        </Paper>
      )}
    </QueryView>
  );
}
