import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { LocaleSwitch } from '../../core/locale/locale-switch.tsx';
import { loadPreferences } from '../../core/preferences/preference-actions.ts';
import { PRODUCT_NAME } from '../../core/page-title/page-title.ts';
import { useStacksQuery } from '../../core/stack/stack-queries.ts';
import { useStackAutoSelect } from '../../core/stack/use-stack-auto-select.ts';
import { TwoFactorGate } from '../../features/two-factor/index.ts';
import { AccountMenu } from './account-menu.tsx';
import { AppDrawer } from './app-drawer.tsx';
import { PublicUrlNotice } from './public-url-notice.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';
import { StackSwitcher } from './stack-switcher.tsx';

/** The signed-in frame: top bar, side drawer (mobile drawer under md) and the current area. */
export default function AppLayout() {
  const intl = useIntl();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'));
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const open = mobile ? mobileOpen : desktopOpen;
  useStackAutoSelect(useStacksQuery().data);

  useEffect(() => {
    void loadPreferences();
  }, []);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: { xs: 1, sm: 1.5 } }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={intl.formatMessage({ id: 'layout.toggleMenu' })}
            onClick={() => (mobile ? setMobileOpen(!mobileOpen) : setDesktopOpen(!desktopOpen))}
          >
            <MenuIcon />
          </IconButton>
          <Typography
            variant="h6"
            component="div"
            sx={{ fontWeight: 700, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'block' } }}
          >
            {PRODUCT_NAME}{' '}
            <Typography component="span" sx={{ fontWeight: 400, display: { xs: 'none', sm: 'inline' } }}>
              <FormattedMessage id="layout.console" />
            </Typography>
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <StackSwitcher />
          <LocaleSwitch />
          <AccountMenu />
        </Toolbar>
      </AppBar>
      <AppDrawer mobile={mobile} open={open} onClose={() => setMobileOpen(false)} />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 }, '&:focus': { outline: 'none' } }}
      >
        <Toolbar />
        <PublicUrlNotice />
        <TwoFactorGate />
        <Outlet />
      </Box>
    </Box>
  );
}
