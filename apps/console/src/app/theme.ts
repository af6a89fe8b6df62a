import type { Locale } from '@agora/contract';
import { createTheme, type Theme } from '@mui/material/styles';
import { enUS, itIT } from '@mui/material/locale';

/**
 * The console's own teal: the spec's brand colour (#3d9999, core §9) darkened until text in it, and
 * white text on it, reach WCAG AA's 4.5:1 (5.5:1 on white; the brand colour itself is 3.4:1). The
 * brand colour stays the communities' default theme (their member site), which owners choose.
 */
const CONSOLE_TEAL = '#2b7373';

const base = {
  palette: {
    primary: { main: CONSOLE_TEAL, contrastText: '#ffffff' },
    // MUI's warning orange (3.1:1) and info blue (3.9:1) are too light for white text on a chip or in
    // a button: the same hues, darker, at 5.0:1 and 4.8:1.
    warning: { main: '#b45309', contrastText: '#ffffff' },
    info: { main: '#0277bd', contrastText: '#ffffff' },
  },
  typography: {
    fontFamily:
      'Inter, "Source Sans Pro", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontSize: 15,
  },
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1800 } },
  components: {
    // Every control shows where the keyboard is (WCAG 2.4.7): a ring in the control's own text colour,
    // so it shows on white and on the teal bar alike; a filled button's text is white, so its ring is teal.
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: 2 } },
      },
    },
    MuiButton: {
      styleOverrides: { contained: { '&.Mui-focusVisible': { outlineColor: CONSOLE_TEAL } } },
    },
    MuiLink: {
      styleOverrides: {
        root: { '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 } },
      },
    },
    // A table that scrolls sideways (narrow screens) must be reachable by keyboard to be scrolled.
    MuiTableContainer: {
      defaultProps: { tabIndex: 0 },
      styleOverrides: {
        root: { '&:focus-visible': { outline: `2px solid ${CONSOLE_TEAL}`, outlineOffset: -2 } },
      },
    },
    // The help under a field that is off (read-only for this role, or not editable now) stays
    // readable: MUI's disabled grey is 2.7:1 on white.
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } } },
  },
};

/** Two themes (spec core §4): the default locale's and the other one's, differing in MUI's texts. */
const defaultTheme = createTheme(base, enUS);
const italianTheme = createTheme(base, itIT);

export function themeFor(locale: Locale): Theme {
  return locale === 'it' ? italianTheme : defaultTheme;
}
