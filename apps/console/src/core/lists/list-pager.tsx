import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** A list whose reader may choose how many rows a page holds; the label is the area's words. */
export interface PageSizeChoice {
  options: readonly number[];
  label: ReactNode;
  onPageSize: (pageSize: number) => void;
}

export interface ListPagerProps {
  /** The first row shown (0-based), the rows per page and the rows in all pages. */
  offset: number;
  pageSize: number;
  count: number;
  onOffset: (offset: number) => void;
  pageSizes?: PageSizeChoice;
  testId?: string;
}

/**
 * The console's one pager (issue 12 §3): "1–25 of 80 · Previous · Next" under every list, whatever
 * the API pages with (limit/offset, or page numbers: page = offset / pageSize). The range is always
 * told; Previous and Next appear once the rows do not fit on one page.
 */
export function ListPager({
  offset,
  pageSize,
  count,
  onOffset,
  pageSizes,
  testId = 'list-pager',
}: ListPagerProps) {
  const last = Math.min(offset + pageSize, count);
  const paged = count > pageSize || offset > 0;
  return (
    <Box data-testid={testId} sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      {pageSizes && (
        <TextField
          select
          size="small"
          label={pageSizes.label}
          value={pageSize}
          onChange={(event) => pageSizes.onPageSize(Number(event.target.value))}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-size` } }}
          sx={{ minWidth: 120 }}
        >
          {pageSizes.options.map((size) => (
            <MenuItem key={size} value={size}>
              {size}
            </MenuItem>
          ))}
        </TextField>
      )}
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
