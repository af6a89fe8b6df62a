import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';

export interface ListPagerProps {
  /** The first row shown (0-based), the rows per page and the rows in all pages. */
  offset: number;
  pageSize: number;
  count: number;
  onOffset: (offset: number) => void;
  testId?: string;
}

/**
 * The console's one pager (issue 12 §3): "1–25 of 80 · Previous · Next" under every list, whatever
 * the API pages with (limit/offset, or page numbers: page = offset / pageSize). The range is always
 * told; Previous and Next appear once the rows do not fit on one page.
 */
export function ListPager({ offset, pageSize, count, onOffset, testId = 'list-pager' }: ListPagerProps) {
  const last = Math.min(offset + pageSize, count);
  const paged = count > pageSize || offset > 0;
  return (
    <Box data-testid={testId} sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography variant="body2" data-testid={`${testId}-range`} aria-live="polite">
        <FormattedMessage id="pager.range" values={{ first: count === 0 ? 0 : offset + 1, last, count }} />
      </Typography>
      {paged && (
        <Button
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - pageSize))}
          data-testid={`${testId}-previous`}
        >
          <FormattedMessage id="pager.previous" />
        </Button>
      )}
      {paged && (
        <Button
          disabled={last >= count}
          onClick={() => onOffset(offset + pageSize)}
          data-testid={`${testId}-next`}
        >
          <FormattedMessage id="pager.next" />
        </Button>
      )}
    </Box>
  );
}
