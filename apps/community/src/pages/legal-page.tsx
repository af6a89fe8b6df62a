import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '../app/site-router.tsx';
import { useSite } from '../app/site-context.tsx';
import { htmlAsText, PlainText } from '../components/plain-text.tsx';
import { NotFoundPanel, QueryView } from '../components/query-view.tsx';

/** A legal page in force (terms, privacy, cookies), as the console's legal pages wrote it. */
export function LegalPageView() {
  const { queries } = useSite();
  const { slug } = useParams();
  const pages = useQuery(queries.legalPages());
  return (
    <QueryView query={pages}>
      {(list) => {
        const page = list.find((p) => p.slug === slug);
        if (!page) return <NotFoundPanel />;
        return (
          <Paper variant="outlined" component="article" sx={{ p: { xs: 2, sm: 4 } }}>
            <Typography variant="h4" component="h1" sx={{ mb: 2, fontSize: { xs: '1.6rem', sm: '2rem' } }}>
              {page.title}
            </Typography>
            <PlainText text={htmlAsText(page.html_body)} />
          </Paper>
        );
      }}
    </QueryView>
  );
}
