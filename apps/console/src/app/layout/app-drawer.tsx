import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { FormattedMessage } from 'react-intl';
import { NavLink } from 'react-router';
import { areaLink } from '../area-registry.ts';
import { useVisibleAreas } from '../use-visible-areas.ts';

export const DRAWER_WIDTH = 248;

function AreaList({ onNavigate }: { onNavigate?: () => void }) {
  const areas = useVisibleAreas();
  return (
    <List component="nav">
      {areas.map(({ id, path, labelId, icon: Icon }) => (
        <ListItemButton
          key={id}
          component={NavLink}
          to={areaLink({ path })}
          end={path === ''}
          onClick={onNavigate}
          sx={{ '&.active': { bgcolor: 'action.selected' } }}
        >
          <ListItemIcon>
            <Icon />
          </ListItemIcon>
          <ListItemText primary={<FormattedMessage id={labelId} />} />
        </ListItemButton>
      ))}
    </List>
  );
}

interface AppDrawerProps {
  mobile: boolean;
  open: boolean;
  onClose: () => void;
}

/** The side drawer: persistent on desktop, temporary under md. */
export function AppDrawer({ mobile, open, onClose }: AppDrawerProps) {
  return (
    <Drawer
      variant={mobile ? 'temporary' : 'persistent'}
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{
        width: mobile || !open ? 0 : DRAWER_WIDTH,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
      }}
    >
      <Toolbar />
      <AreaList {...(mobile ? { onNavigate: onClose } : {})} />
    </Drawer>
  );
}
