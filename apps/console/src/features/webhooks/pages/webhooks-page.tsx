import Box from '@mui/material/Box';
import { Navigate, Route, Routes } from 'react-router';
import { WebhookDetail } from '../components/webhook-detail.tsx';
import { WebhookList } from '../components/webhook-list.tsx';

export const WEBHOOKS_BASE = '/webhooks';

/** Webhooks (spec mgmt §2: endpoint list, add/edit dialog, endpoint detail, attempts, bulk retry). */
export default function WebhooksPage() {
  return (
    <Box data-testid="webhooks-page" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Routes>
        <Route index element={<WebhookList />} />
        <Route path=":id" element={<WebhookDetail />} />
        <Route path="*" element={<Navigate to={WEBHOOKS_BASE} replace />} />
      </Routes>
    </Box>
  );
}
