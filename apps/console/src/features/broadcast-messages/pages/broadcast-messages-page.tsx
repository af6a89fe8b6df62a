import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { Navigate, Route, Routes } from 'react-router';
import { AreaTabs } from '../../content-settings/index.ts';
import { BroadcastList } from '../components/broadcast-list.tsx';

export const BROADCAST_BASE = '/broadcast_messages';

/** Broadcast messages (spec mgmt §2–§5): tabs templates, scheduled, sent. */
export default function BroadcastMessagesPage() {
  return (
    <Box data-testid="broadcast-page" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        <FormattedMessage id="broadcast.title" />
      </Typography>
      <Typography color="text.secondary">
        <FormattedMessage id="broadcast.intro" />
      </Typography>
      <AreaTabs
        base={BROADCAST_BASE}
        labelId="broadcast.tabs"
        tabs={[
          { path: '', labelId: 'broadcast.tab.templates' },
          { path: 'scheduled', labelId: 'broadcast.tab.scheduled' },
          { path: 'sent', labelId: 'broadcast.tab.sent' },
        ]}
      />
      <Routes>
        <Route index element={<BroadcastList key="template" status="template" />} />
        <Route path="scheduled" element={<BroadcastList key="scheduled" status="scheduled" />} />
        <Route path="sent" element={<BroadcastList key="sent" status="sent" />} />
        <Route path="*" element={<Navigate to={BROADCAST_BASE} replace />} />
      </Routes>
    </Box>
  );
}
