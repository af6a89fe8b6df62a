import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { RouterLink } from '../components/router-link.tsx';
import { useSite } from '../app/site-context.tsx';
import { categoryPath } from '../components/contribution-link.ts';
import { QueryView } from '../components/query-view.tsx';

/** Every active category of the community, in the community's order. */
export function CategoriesPage() {
  const { queries } = useSite();
  const categories = useQuery(queries.categories());
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 3, fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        <FormattedMessage id="site.categories.title" />
      </Typography>
      <QueryView query={categories}>
        {(page) => (
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            }}
          >
            {page.results.map((category) => (
              <li key={category.id}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea component={RouterLink} to={categoryPath(category)} sx={{ height: '100%' }}>
                    <CardContent>
                      <Typography variant="h6" component="h2">
                        {category.name}
                      </Typography>
                      {category.slogan && <Typography color="text.secondary">{category.slogan}</Typography>}
                      <Typography variant="body2" color="text.secondary">
                        <FormattedMessage
                          id="site.category.followers"
                          values={{ count: category.followers_counter }}
                        />
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </li>
            ))}
          </Box>
        )}
      </QueryView>
    </>
  );
}
