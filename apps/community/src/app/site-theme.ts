import { createTheme, darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles';
import { preferenceText, type Preferences } from '../site-api/site-queries.ts';

const HEX = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;

function colour(preferences: Preferences, name: string, fallback: string): string {
  const value = preferenceText(preferences, name);
  return HEX.test(value) ? value : fallback;
}

/** WCAG AA for body text. */
const READABLE = 4.5;

/**
 * The owner's colour, darkened (on a light page) or lightened (on a dark one) by the least steps that
 * make it readable as text on the page's background: links and text buttons use it.
 */
export function readableColour(colour: string, background: string): string {
  const lightPage = getContrastRatio(background, '#000') > getContrastRatio(background, '#fff');
  let candidate = colour;
  for (let step = 1; step <= 20 && getContrastRatio(candidate, background) < READABLE; step += 1) {
    candidate = lightPage ? darken(colour, step * 0.05) : lighten(colour, step * 0.05);
  }
  return candidate;
}

/**
 * The community's theme (the console's theme settings: colours, font and size), read from its
 * preferences at every page load, so an owner's change shows on the next load without a rebuild.
 */
export function siteTheme(preferences: Preferences): Theme {
  const font = preferenceText(preferences, 'font_family').replace(/["';{}<>]/g, '');
  const size = Number(preferences['font_size']);
  const page = colour(preferences, 'colorback', '#f5f5f5');
  return createTheme({
    palette: {
      contrastThreshold: READABLE,
      primary: { main: readableColour(colour(preferences, 'colorprimary', '#3d9999'), page) },
      secondary: { main: readableColour(colour(preferences, 'colorsecondary', '#2b6d6d'), page) },
      background: {
        default: page,
        paper: colour(preferences, 'boxcolorback', '#ffffff'),
      },
      text: {
        primary: colour(preferences, 'font_color', '#212121'),
        secondary: colour(preferences, 'font_color_secondary', '#616161'),
      },
    },
    typography: {
      fontFamily: [font, 'system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif']
        .filter(Boolean)
        .map((name) => (name.includes(' ') ? `"${name}"` : name))
        .join(','),
      ...(Number.isFinite(size) && size >= 10 && size <= 24 ? { htmlFontSize: 16, fontSize: size - 1 } : {}),
    },
  });
}

/** The navbar's background, from its own preference. */
export function navbarColour(preferences: Preferences): string {
  return colour(preferences, 'navbarback', '#ffffff');
}
