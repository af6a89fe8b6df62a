import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { useLegalPagesQuery } from '../api/use-legal-pages-queries.ts';
import { POLICY_LABEL_IDS } from './policy-names.ts';
import { ShownDay } from './shown-day.tsx';

/** The legal pages tab: each policy's current version, its validity and how many members accepted it. */
export function LegalPageList() {
  const intl = useIntl();
  const query = useLegalPagesQuery();
  const rows = query.data?.results ?? [];
  return (
    <ListScaffold
      query={query}
      empty={rows.length === 0}
      errorText={<FormattedMessage id="pages.legal.loadError" />}
      emptyText={<FormattedMessage id="pages.legal.empty" />}
      testId="legal-page-list"
    >
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={intl.formatMessage({ id: 'pages.tab.legal' })}>
          <TableHead>
            <TableRow>
              <TableCell>
                <FormattedMessage id="pages.legal.label" />
              </TableCell>
              <TableCell>
                <FormattedMessage id="pages.legal.policy" />
              </TableCell>
              <TableCell>
                <FormattedMessage id="pages.legal.validFrom" />
              </TableCell>
              <TableCell>
                <FormattedMessage id="pages.legal.validTo" />
              </TableCell>
              <TableCell align="right">
                <FormattedMessage id="pages.legal.acceptedBy" />
              </TableCell>
              <TableCell>
                <FormattedMessage id="pages.legal.actions" />
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((page) => (
              <TableRow key={page.id} data-testid={`legal-row-${page.policy}`}>
                <TableCell>{page.version.label}</TableCell>
                <TableCell>
                  <FormattedMessage id={POLICY_LABEL_IDS[page.policy]} />
                </TableCell>
                <TableCell>
                  <ShownDay day={page.version.valid_from} />
                </TableCell>
                <TableCell>
                  <ShownDay day={page.version.valid_to} />
                </TableCell>
                <TableCell align="right" data-testid="accepted-count">
                  <FormattedNumber value={page.version.accepted_count} />
                </TableCell>
                <TableCell>
                  <Button
                    component={Link}
                    to={`/pages/legal/${page.id}`}
                    size="small"
                    aria-label={intl.formatMessage(
                      { id: 'pages.legal.editOf' },
                      { label: page.version.label },
                    )}
                  >
                    <FormattedMessage id="pages.legal.edit" />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </ListScaffold>
  );
}
