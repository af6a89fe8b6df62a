import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { savePreference } from '../../core/preferences/preference-actions.ts';
import { logout } from '../../core/session/session-actions.ts';
import { useSessionStore } from '../../core/session/session-store.ts';
import { useVisibleAreas } from '../use-visible-areas.ts';
import { TWO_FACTOR_PATH } from '../../features/two-factor/index.ts';

const SUPPORT_EMAIL = (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) ?? 'support@agora.example';

/** The community's server settings (the 'settings/*' area, admins only). */
const SETTINGS_ITEMS = [
  { id: 'account.customDomain', to: '/settings/domain' },
  { id: 'account.customEmailServer', to: '/settings/email_server' },
] as const;
const PLANS_ITEMS = [
  'account.subscription',
  'account.paymentMethods',
  'account.billingInfo',
  'account.invoices',
] as const;

/** The avatar menu: help, hub, settings, plans and logout (spec core §2 "Account menu"). */
export function AccountMenu() {
  const intl = useIntl();
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const canEditServer = useVisibleAreas().some((area) => area.id === 'server-settings');
  const close = () => setAnchor(null);
  const initials = user?.initials || user?.username.slice(0, 2).toUpperCase() || '?';

  return (
    <>
      <IconButton
        data-testid="account-menu-button"
        aria-label={intl.formatMessage({ id: 'account.menu' })}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: 15 }}>{initials}</Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <ListSubheader>
          <FormattedMessage id="account.help" />
        </ListSubheader>
        <MenuItem
          onClick={() => {
            close();
            void savePreference('platform_tour', 'open');
            void navigate('/');
          }}
        >
          <FormattedMessage id="account.platformTour" />
        </MenuItem>
        <MenuItem component="a" href={`mailto:${SUPPORT_EMAIL}`} onClick={close}>
          <FormattedMessage id="account.contactUs" />
        </MenuItem>
        <Divider />
        <MenuItem component={Link} to="/" onClick={close}>
          <FormattedMessage id="account.hub" />
        </MenuItem>
        <Divider />
        <ListSubheader>
          <FormattedMessage id="account.settings" />
        </ListSubheader>
        <MenuItem component={Link} to={TWO_FACTOR_PATH} onClick={close} data-testid="account-two-factor">
          <FormattedMessage id="twoFactor.menu" />
        </MenuItem>
        {SETTINGS_ITEMS.map((item) => (
          <MenuItem key={item.id} component={Link} to={item.to} onClick={close} disabled={!canEditServer}>
            <FormattedMessage id={item.id} />
          </MenuItem>
        ))}
        <ListSubheader>
          <FormattedMessage id="account.plans" />
        </ListSubheader>
        {PLANS_ITEMS.map((id) => (
          <MenuItem key={id} disabled>
            <FormattedMessage id={id} />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          data-testid="logout"
          onClick={() => {
            close();
            void logout();
            void navigate('/signin', { replace: true });
          }}
        >
          <FormattedMessage id="account.logout" />
        </MenuItem>
      </Menu>
    </>
  );
}
