import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useIntl } from 'react-intl';
import { formatAnalyticsValue } from '../../../../core/analytics/analytics-format.ts';
import { textOnColour } from '../../../../core/colours/text-on-colour.ts';

/** How a table cell is shown: numbers with the dot separator, days as DD-MM-YYYY, tag chips, texts. */
export type CellType = 'number' | 'time' | 'string' | 'tags';

interface Named {
  id?: number;
  name?: string;
  color?: string | null;
}

/** One table value with the analytics formatting rules (core §9): '∅' when empty, '[Empty string]' for ''. */
export function CellValue({ value, type }: { value: unknown; type?: CellType }) {
  const intl = useIntl();
  if (type === 'tags' || (Array.isArray(value) && type === undefined)) {
    const items = Array.isArray(value) ? (value as (Named | string)[]) : [];
    if (items.length === 0) return <>{formatAnalyticsValue(null)}</>;
    return (
      <Stack direction="row" spacing={0.5}>
        {items.map((item, index) => {
          const label = typeof item === 'string' ? item : (item.name ?? String(item.id ?? ''));
          const color = typeof item === 'string' ? undefined : (item.color ?? undefined);
          return (
            <Chip
              key={`${label}-${index}`}
              label={label}
              size="small"
              sx={color ? { bgcolor: color, color: textOnColour(color) } : undefined}
            />
          );
        })}
      </Stack>
    );
  }
  if (typeof value === 'boolean') {
    return <>{intl.formatMessage({ id: value ? 'analytics.yes' : 'analytics.no' })}</>;
  }
  return (
    <>
      {formatAnalyticsValue(value, {
        type,
        granularity: 'day',
        locale: intl.locale,
        emptyStringLabel: intl.formatMessage({ id: 'analyticsCore.emptyString' }),
      })}
    </>
  );
}
