import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { LegalVersion } from '@agora/contract';
import { FormattedDate, FormattedMessage, FormattedNumber } from 'react-intl';
import { ShownDay } from './shown-day.tsx';

/** Every version of a page, newest (current) first, with its validity and accepted-by count. */
export function LegalVersions({ versions }: { versions: readonly LegalVersion[] }) {
  return (
    <section aria-labelledby="legal-versions-title">
      <Typography variant="subtitle1" component="h3" id="legal-versions-title" sx={{ mb: 1 }}>
        <FormattedMessage id="pages.legal.versions" />
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-labelledby="legal-versions-title" data-testid="legal-versions">
          <TableHead>
            <TableRow>
              <TableCell>
                <FormattedMessage id="pages.legal.label" />
              </TableCell>
              <TableCell>
                <FormattedMessage id="pages.legal.created" />
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
            </TableRow>
          </TableHead>
          <TableBody>
            {versions.map((version, index) => (
              <TableRow key={version.id}>
                <TableCell>
                  {version.label}
                  {index === 0 && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' '}
                      (<FormattedMessage id="pages.legal.currentShort" />)
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <FormattedDate value={version.created_at} dateStyle="medium" timeStyle="short" />
                </TableCell>
                <TableCell>
                  <ShownDay day={version.valid_from} />
                </TableCell>
                <TableCell>
                  <ShownDay day={version.valid_to} />
                </TableCell>
                <TableCell align="right">
                  <FormattedNumber value={version.accepted_count} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </section>
  );
}
