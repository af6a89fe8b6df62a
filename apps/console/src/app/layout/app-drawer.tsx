import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { areaLink, type Area } from '../area-registry.ts';
import { useVisibleAreas } from '../use-visible-areas.ts';
import { areaIcon } from './area-icons.ts';

export const DRAWER_WIDTH = 248;

/** The area whose link is the longest prefix of the current path (so one entry is highlighted). */
export function activeAreaId(
  areas: readonly Pick<Area, 'id' | 'path'>[],
  pathname: string,
): string | undefined {
  let best: { id: string; length: number } | undefined;
  for (const area of areas) {
    const link = areaLink(area);
    const matches = link === '/' ? pathname === '/' : pathname === link || pathname.startsWith(`${link}/`);
    if (matches && (!best || link.length > best.length)) best = { id: area.id, length: link.length };
  }
  return best?.id;
}

function AreaIcon({ id }: { id: string }) {
  const Icon = areaIcon(id);
  return Icon ? <Icon /> : null;
}

function AreaList({ onNavigate }: { onNavigate?: () => void }) {
  const areas = useVisibleAreas();
  const active = activeAreaId(areas, useLocation().pathname);
  return (
    <List component="nav">
      {areas.map(({ id, path, labelId }) => (
        <ListItemButton
          key={id}
          component={Link}
          to={areaLink({ path })}
          selected={id === active}
          aria-current={id === active ? 'page' : undefined}
          onClick={onNavigate}
        >
          <ListItemIcon>
            <AreaIcon id={id} />
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
