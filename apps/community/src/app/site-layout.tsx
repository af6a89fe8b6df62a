import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from '../components/router-link.tsx';
import { MenuButton, MenuLink } from '../components/menu-link.tsx';
import { useCommunityName } from '../components/community-name.ts';
import { MemberMenu } from '../components/member-menu.tsx';
import { SiteSearchField } from '../components/search-field.tsx';
import { LanguageChoice } from '../components/language-choice.tsx';
import { MemberNotices } from '../components/member-notices.tsx';
import { NO_PREFERENCES, preferenceOn, preferenceText } from '../site-api/site-queries.ts';
import { useSite } from './site-context.tsx';
import { useLocation } from './site-router.tsx';
import { navbarColour } from './site-theme.ts';
import { readableOn } from './readable-colour.ts';

/**
 * After a move to another page (not on the first load), the focus goes to the page's content, as a
 * new page load would put it at the page's start: a screen reader reads the new page from there, and
 * the next Tab starts in it rather than at the link that was followed.
 */
function useFocusOnNewPage() {
  const { pathname } = useLocation();
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    document.getElementById('content')?.focus({ preventScroll: true });
  }, [pathname]);
}

/** The site's frame: a skip link, the navbar with the community's logo and sections, the footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  useFocusOnNewPage();
  const intl = useIntl();
  const { queries } = useSite();
  const community = useCommunityName();
  const preferences = useQuery(queries.preferences()).data ?? NO_PREFERENCES;
  const logo = preferenceText(preferences, 'navbar_logo') || preferenceText(preferences, 'logo_light');
  const mobileLogo = preferenceText(preferences, 'navbar_logo_mobile');
  const navbar = navbarColour(preferences);
  const ink = readableOn(navbar);
  const copyright = preferenceText(preferences, 'application_copyright');
  const baseMenu = useQuery(queries.baseMenu()).data;
  const footerMenus = (useQuery(queries.menus()).data ?? []).filter((menu) => menu.id !== baseMenu?.id);
  // The console's base menu is the navbar; without one, the site's own sections.
  const links: { to: string; label: string; end?: boolean }[] = baseMenu?.items.length
    ? [...baseMenu.items]
        .sort((a, b) => a.order - b.order)
        .map((item) => ({ to: item.url, label: item.label, end: item.url === '/' }))
    : [
        { to: '/', label: intl.formatMessage({ id: 'site.nav.home' }), end: true },
        ...(preferenceOn(preferences, 'explore_stream_enabled')
          ? [{ to: '/explore', label: intl.formatMessage({ id: 'site.nav.explore' }) }]
          : []),
        { to: '/categories', label: intl.formatMessage({ id: 'site.nav.categories' }) },
      ];
  const customItem = preferenceOn(preferences, 'custom_navbar_item_enabled')
    ? {
        text: preferenceText(preferences, 'custom_navbar_item_text'),
        url: preferenceText(preferences, 'custom_navbar_item_url'),
        image: preferenceText(preferences, 'custom_navbar_item_image'),
      }
    : undefined;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Link
        href="#content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        <FormattedMessage id="site.skipToContent" />
      </Link>
      <AppBar
        position="static"
        elevation={0}
        sx={{ bgcolor: navbar, color: ink, borderBottom: 1, borderColor: 'divider' }}
      >
        {/* On a phone: the logo, search and the member's menu in a row, then the sections under them. */}
        <Toolbar sx={{ columnGap: 2, rowGap: 1, flexWrap: 'wrap', py: 1 }}>
          <Link
            component={NavLink}
            to="/"
            color="inherit"
            underline="none"
            sx={{ display: 'flex', alignItems: 'center' }}
          >
            {logo ? (
              <Box component="picture" sx={{ display: 'flex' }}>
                {mobileLogo && <source media="(max-width: 599px)" srcSet={mobileLogo} />}
                <Box component="img" src={logo} alt={community} sx={{ maxHeight: 40, maxWidth: 180 }} />
              </Box>
            ) : (
              <Typography component="span" variant="h6" sx={{ fontWeight: 700 }}>
                {community}
              </Typography>
            )}
          </Link>
          <Stack
            component="nav"
            aria-label={intl.formatMessage({ id: 'site.nav.label' })}
            direction="row"
            spacing={0.5}
            sx={{
              flexGrow: 1,
              overflowX: 'auto',
              order: { xs: 4, sm: 0 },
              flexBasis: { xs: '100%', sm: 'auto' },
              ml: { xs: -1, sm: 0 },
            }}
          >
            {links.map((link) => (
              <MenuButton key={`${link.to}-${link.label}`} url={link.to} {...(link.end ? { end: true } : {})}>
                {link.label}
              </MenuButton>
            ))}
            {customItem?.url && (customItem.text || customItem.image) && (
              <MenuButton url={customItem.url}>
                {customItem.image && (
                  <Box
                    component="img"
                    src={customItem.image}
                    alt=""
                    sx={{ height: 20, mr: customItem.text ? 1 : 0 }}
                  />
                )}
                {customItem.text}
              </MenuButton>
            )}
          </Stack>
          <Box sx={{ flexGrow: 1, display: { xs: 'block', sm: 'none' } }} />
          <SiteSearchField />
          {/* At the right end, also when it wraps to a row of its own (where its panel opens leftwards). */}
          <Box sx={{ display: 'flex', order: { xs: 2, sm: 0 }, ml: 'auto' }}>
            <MemberMenu />
          </Box>
        </Toolbar>
      </AppBar>
      <Container
        component="main"
        id="content"
        tabIndex={-1}
        maxWidth="md"
        sx={{ py: { xs: 2, sm: 4 }, flexGrow: 1, outline: 'none' }}
      >
        <MemberNotices />
        {children}
      </Container>
      <Box
        component="footer"
        sx={{ borderTop: 1, borderColor: 'divider', py: 3, bgcolor: 'background.paper' }}
      >
        <Container maxWidth="md">
          {footerMenus.map((menu) => (
            <Stack
              key={menu.id}
              component="nav"
              aria-label={menu.name}
              direction="row"
              useFlexGap
              spacing={2}
              sx={{ flexWrap: 'wrap', mb: 2 }}
            >
              {[...menu.items]
                .sort((a, b) => a.order - b.order)
                .map((item) => (
                  <MenuLink key={item.id} url={item.url}>
                    {item.label}
                  </MenuLink>
                ))}
            </Stack>
          ))}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
            <Typography variant="body2" color="text.secondary">
              {copyright || `© ${community}`}
            </Typography>
            <LanguageChoice />
            <Typography variant="body2" color="text.secondary">
              <FormattedMessage id="site.footer.poweredBy" />
            </Typography>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
