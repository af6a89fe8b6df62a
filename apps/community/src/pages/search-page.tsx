import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from '../app/site-router.tsx';
import { RouterLink } from '../components/router-link.tsx';
import { useSite } from '../app/site-context.tsx';
import { FeedItemCard } from '../components/feed-item-card.tsx';
import { MemberList } from '../components/member-list.tsx';
import { PagePager } from '../components/page-pager.tsx';
import { QueryView } from '../components/query-view.tsx';
import { searchPath } from '../components/search-field.tsx';
import { NO_PREFERENCES, preferenceOn } from '../site-api/site-queries.ts';
import { PEOPLE_PAGE_SIZE, SEARCH_PAGE_SIZE } from '../site-api/people-queries.ts';
import type { ApiPage } from '../site-api/site-shapes.ts';
import { CONTENT_TYPES, searchOfAddress, type SearchTab } from '../app/people-address.ts';

const TAB_MESSAGES: Record<SearchTab, string> = {
  discussion: 'site.search.discussions',
  post: 'site.search.posts',
  status: 'site.search.statuses',
  people: 'site.search.people',
};

/**
 * The search page (`/search?q=`): the contents whose title or text holds the words, by type, and
 * the members whose name does when the community lets members search people.
 */
export function SearchPage() {
  const intl = useIntl();
  const { queries } = useSite();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { text, type, page } = searchOfAddress(search);
  const preferences = useQuery(queries.preferences()).data ?? NO_PREFERENCES;
  const people = preferenceOn(preferences, 'people_search_enabled');
  const asked = !text ? undefined : type === 'people' && !people ? undefined : type;
  const pageOf = (tab: SearchTab) => (tab === asked ? page : 1);
  const contents = {
    discussion: useQuery({
      ...queries.searchContents('discussion', text, pageOf('discussion')),
      enabled: !!text,
    }),
    post: useQuery({ ...queries.searchContents('post', text, pageOf('post')), enabled: !!text }),
    status: useQuery({ ...queries.searchContents('status', text, pageOf('status')), enabled: !!text }),
  };
  const found = useQuery({ ...queries.searchPeople(text, pageOf('people')), enabled: !!text && people });
  const tabs: SearchTab[] = [...CONTENT_TYPES, ...(people ? (['people'] as const) : [])];
  const queryOf = (tab: SearchTab): UseQueryResult<ApiPage<unknown>> =>
    tab === 'people' ? found : contents[tab];
  // Without a chosen list, the first that found something (the discussions when none did).
  const tab: SearchTab = asked ?? tabs.find((t) => (queryOf(t).data?.count ?? 0) > 0) ?? 'discussion';
  const link = (t: SearchTab, n = 1) =>
    `/search?q=${encodeURIComponent(text)}&type=${t}${n > 1 ? `&page=${n}` : ''}`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const words = String(new FormData(event.currentTarget).get('q') ?? '');
    if (words.trim()) void navigate(searchPath(words));
  };
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        {text ? (
          <FormattedMessage id="site.search.titleFor" values={{ text }} />
        ) : (
          <FormattedMessage id="site.search.title" />
        )}
      </Typography>
      <Stack
        component="form"
        role="search"
        method="get"
        onSubmit={submit}
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-start' }}
      >
        <TextField
          key={text}
          name="q"
          type="search"
          size="small"
          defaultValue={text}
          label={intl.formatMessage({ id: 'site.search.field' })}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ flexGrow: 1 }}
        />
        <Button type="submit" variant="contained" sx={{ textTransform: 'none' }}>
          <FormattedMessage id="site.search.submit" />
        </Button>
      </Stack>
      {!text ? (
        <Typography color="text.secondary">
          <FormattedMessage id={people ? 'site.search.hintPeople' : 'site.search.hint'} />
        </Typography>
      ) : (
        <>
          <Stack
            component="nav"
            aria-label={intl.formatMessage({ id: 'site.search.lists' })}
            direction="row"
            useFlexGap
            spacing={1}
            sx={{ flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider', pb: 1 }}
          >
            {tabs.map((t) => {
              const count = queryOf(t).data?.count;
              return (
                <Button
                  key={t}
                  component={RouterLink}
                  to={link(t)}
                  aria-current={t === tab ? 'page' : undefined}
                  variant={t === tab ? 'contained' : 'text'}
                  size="small"
                  sx={{ textTransform: 'none' }}
                >
                  <FormattedMessage id={TAB_MESSAGES[t]} />
                  {count !== undefined && ` (${intl.formatNumber(count)})`}
                </Button>
              );
            })}
          </Stack>
          <section aria-label={intl.formatMessage({ id: TAB_MESSAGES[tab] })}>
            {tab === 'people' ? (
              <QueryView query={found}>
                {(data) => (
                  <MemberList
                    people={data}
                    page={pageOf('people')}
                    pageSize={PEOPLE_PAGE_SIZE}
                    link={(n) => link('people', n)}
                    empty={<FormattedMessage id="site.search.noPeople" values={{ text }} />}
                  />
                )}
              </QueryView>
            ) : (
              <QueryView query={contents[tab]}>
                {(data) =>
                  data.results.length === 0 ? (
                    <Typography color="text.secondary" sx={{ py: 3 }}>
                      <FormattedMessage id="site.search.noContents" values={{ text }} />
                    </Typography>
                  ) : (
                    <Stack spacing={2}>
                      {data.results.map((object) => (
                        <FeedItemCard key={`${object.type}-${object.id}`} object={object} />
                      ))}
                      <PagePager
                        page={pageOf(tab)}
                        pages={Math.max(1, Math.ceil(data.count / SEARCH_PAGE_SIZE))}
                        link={(n) => link(tab, n)}
                        label={intl.formatMessage({ id: 'site.search.pages' })}
                      />
                    </Stack>
                  )
                }
              </QueryView>
            )}
          </section>
        </>
      )}
    </Stack>
  );
}
