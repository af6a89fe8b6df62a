import type { Locale } from '@agora/contract';
import { createTheme, type Theme } from '@mui/material/styles';
import { enUS, itIT } from '@mui/material/locale';

const base = {
  palette: { primary: { main: '#3d9999', contrastText: '#ffffff' } },
  typography: {
    fontFamily:
      'Inter, "Source Sans Pro", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontSize: 15,
  },
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1800 } },
};

/** Two themes (spec core §4): the default locale's and the other one's, differing in MUI's texts. */
const defaultTheme = createTheme(base, enUS);
const italianTheme = createTheme(base, itIT);

export function themeFor(locale: Locale): Theme {
  return locale === 'it' ? italianTheme : defaultTheme;
}
