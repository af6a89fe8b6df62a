import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { PointsForm } from '../components/points-form.tsx';
import { ManualAndHistory } from '../components/manual-and-history.tsx';

/** Users scoring (spec mgmt §2): points per action, manual points and a member's history. */
export default function ScoringPage() {
  const [tab, setTab] = useState(0);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1">
        <FormattedMessage id="nav.scoring" />
      </Typography>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable">
        <Tab label={<FormattedMessage id="scoring.tab.points" />} />
        <Tab label={<FormattedMessage id="scoring.tab.manual" />} />
      </Tabs>
      {tab === 0 ? <PointsForm /> : <ManualAndHistory />}
    </Box>
  );
}
