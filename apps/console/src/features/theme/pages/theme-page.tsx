import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ComponentType } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import {
  BackgroundImagesSection,
  ColorsSection,
  CopyrightSection,
  FontSection,
  LogoSection,
  NavbarSection,
  ProfileImageSection,
  TitleAndSloganSection,
  UrlSection,
} from '../components/sections.tsx';

interface ThemeSection {
  /** Sub-path of /theme ('' is /theme itself). */
  path: string;
  labelId: string;
  screen: ComponentType;
}

/** The theme's sections, in the spec's order (core §2). */
export const THEME_SECTIONS: readonly ThemeSection[] = [
  { path: '', labelId: 'theme.section.colors', screen: ColorsSection },
  { path: 'logo', labelId: 'theme.section.logo', screen: LogoSection },
  { path: 'title_and_slogan', labelId: 'theme.section.titleAndSlogan', screen: TitleAndSloganSection },
  { path: 'background_images', labelId: 'theme.section.backgroundImages', screen: BackgroundImagesSection },
  { path: 'font', labelId: 'theme.section.font', screen: FontSection },
  { path: 'profile_image', labelId: 'theme.section.profileImage', screen: ProfileImageSection },
  { path: 'navbar', labelId: 'theme.section.navbar', screen: NavbarSection },
  { path: 'copyright', labelId: 'theme.section.copyright', screen: CopyrightSection },
  { path: 'url', labelId: 'theme.section.url', screen: UrlSection },
];

const linkOf = (section: ThemeSection) => (section.path ? `/theme/${section.path}` : '/theme');

/** The theme area: a list of sections (scrollable tabs on phones) and the chosen section's form. */
export default function ThemePage() {
  const intl = useIntl();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const { pathname } = useLocation();
  const current = pathname.replace(/^\/theme\/?/, '').replace(/\/+$/, '');
  const index = THEME_SECTIONS.findIndex((section) => section.path === current);
  return (
    <Box data-testid="theme-page" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        <FormattedMessage id="nav.theme" />
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '220px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Tabs
          component="nav"
          aria-label={intl.formatMessage({ id: 'theme.sections' })}
          orientation={wide ? 'vertical' : 'horizontal'}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          value={index >= 0 ? index : false}
          sx={{
            borderRight: wide ? 1 : 0,
            borderBottom: wide ? 0 : 1,
            borderColor: 'divider',
            minWidth: 0,
            '& .MuiTab-root': {
              alignItems: wide ? 'flex-start' : 'center',
              textAlign: wide ? 'left' : 'center',
            },
          }}
        >
          {THEME_SECTIONS.map((section) => (
            <Tab
              key={section.path}
              component={Link}
              to={linkOf(section)}
              label={intl.formatMessage({ id: section.labelId })}
              data-testid={`theme-tab-${section.path || 'colors'}`}
            />
          ))}
        </Tabs>
        <Box sx={{ minWidth: 0 }}>
          <Routes>
            {THEME_SECTIONS.map(({ path, screen: Screen }) =>
              path ? (
                <Route key={path} path={path} element={<Screen />} />
              ) : (
                <Route key="index" index element={<Screen />} />
              ),
            )}
            <Route path="*" element={<Navigate to="/theme" replace />} />
          </Routes>
        </Box>
      </Box>
    </Box>
  );
}
