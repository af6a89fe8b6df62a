import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';

/** "1–25 of 80 · Previous · Next" under a list that pages with limit/offset (the API's envelope). */
export function OffsetPager({
  offset,
  pageSize,
  count,
  hasPrevious,
  hasNext,
  onOffset,
  rangeTestId,
}: {
  offset: number;
  pageSize: number;
  count: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onOffset: (offset: number) => void;
  rangeTestId?: string;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography variant="body2" {...(rangeTestId ? { 'data-testid': rangeTestId } : {})}>
        <FormattedMessage
          id="pager.range"
          values={{ first: count === 0 ? 0 : offset + 1, last: Math.min(offset + pageSize, count), count }}
        />
      </Typography>
      <Button disabled={!hasPrevious} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
        <FormattedMessage id="pager.previous" />
      </Button>
      <Button disabled={!hasNext} onClick={() => onOffset(offset + pageSize)}>
        <FormattedMessage id="pager.next" />
      </Button>
    </Box>
  );
}
