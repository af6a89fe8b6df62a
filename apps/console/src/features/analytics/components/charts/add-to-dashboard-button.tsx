import type { Query } from '@cubejs-client/core';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DashboardCustomizeOutlined from '@mui/icons-material/DashboardCustomizeOutlined';
import { useIntl } from 'react-intl';
import { useState } from 'react';
import type { ChartVariant } from '../../../../core/analytics/index.ts';
import { addWidgetToDashboard } from '../../../analytics-dashboard/index.ts';

/** 'Add to dashboard': hands the chart's query and render variant to the dashboard. */
export function AddToDashboardButton({
  widgetType,
  query,
  variant,
  titleId,
}: {
  /** The chart's name (its id on the screen). */
  widgetType: string;
  query: Query;
  variant: ChartVariant;
  titleId: string;
}) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const label = intl.formatMessage({ id: 'analytics.addToDashboard' });
  const add = async () => {
    setBusy(true);
    try {
      await addWidgetToDashboard({ widgetType, query, render: variant, titleId });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          onClick={() => void add()}
          disabled={busy}
          data-testid="add-to-dashboard"
        >
          <DashboardCustomizeOutlined fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}
