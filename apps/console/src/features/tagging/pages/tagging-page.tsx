import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { useEnabledFeatures, useFeature } from '../../../core/features/feature-queries.ts';
import { TagAddressingForm } from '../components/tag-addressing.tsx';
import { TagAssignment } from '../components/tag-assignment.tsx';
import { TagManager } from '../components/tag-manager.tsx';

/**
 * Every link and redirect is absolute: this area is a splat route (`management/tagging/*`), where a
 * relative `to` resolves below the current sub-path (…/user/user/assignment) and the catch-all then
 * redirected relatively again, for ever.
 */
const BASE = '/management/tagging';

const SCREENS = [
  { path: 'user', label: { id: 'tagging.tab.userTags' }, feature: null },
  { path: 'user/assignment', label: { id: 'tagging.tab.userAssignment' }, feature: null },
  { path: 'user/addressing', label: { id: 'tagging.tab.userAddressing' }, feature: null },
  { path: 'interest', label: { id: 'tagging.tab.interestTags' }, feature: 'category' },
  { path: 'interest/assignment', label: { id: 'tagging.tab.interestAssignment' }, feature: 'category' },
  { path: 'content/management', label: { id: 'tagging.tab.contentTags' }, feature: 'content' },
  { path: 'content/assignment', label: { id: 'tagging.tab.contentAssignment' }, feature: 'content' },
] as const;

/** Tagging (spec core §2, mgmt §2-§5): user, interest and content tags, assignment and addressing. */
export default function TaggingPage() {
  const intl = useIntl();
  const location = useLocation();
  const categoryOn = useFeature('tagging_category');
  const contentOn = useFeature('tagging_content');
  const loaded = useEnabledFeatures() !== undefined;
  const screens = SCREENS.filter(
    (s) => s.feature === null || (s.feature === 'category' ? categoryOn : contentOn),
  );
  const current = screens.find((s) => location.pathname.endsWith(`/tagging/${s.path}`))?.path ?? false;

  return (
    <Box data-testid="tagging-page" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        <FormattedMessage id="tagging.title" />
      </Typography>
      <Tabs
        value={current}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ minWidth: 0 }}
      >
        {screens.map((s) => (
          <Tab
            key={s.path}
            value={s.path}
            label={intl.formatMessage(s.label)}
            component={Link}
            to={`${BASE}/${s.path}`}
          />
        ))}
      </Tabs>
      {loaded && (
        <Routes>
          <Route index element={<Navigate to={`${BASE}/user`} replace />} />
          <Route path="user" element={<TagManager type="user" />} />
          <Route path="user/assignment" element={<TagAssignment type="user" />} />
          <Route path="user/addressing" element={<TagAddressingForm />} />
          {categoryOn && <Route path="interest" element={<TagManager type="category" />} />}
          {categoryOn && <Route path="interest/assignment" element={<TagAssignment type="category" />} />}
          {contentOn && <Route path="content/management" element={<TagManager type="thread" />} />}
          {contentOn && <Route path="content/assignment" element={<TagAssignment type="thread" />} />}
          <Route path="*" element={<Navigate to={`${BASE}/user`} replace />} />
        </Routes>
      )}
    </Box>
  );
}
