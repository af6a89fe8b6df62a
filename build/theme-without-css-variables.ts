import type { Plugin } from 'vite';

const STUB = '\0agora-theme-without-css-variables';
/** The modules of MUI's styles that pick, at run time, between its two kinds of theme. */
const CHOOSER = /[\\/]@mui[\\/]material[\\/]styles[\\/](createTheme|ThemeProvider)\.mjs$/;
const CSS_VARIABLES_PART = /^\.\/(createThemeWithVars|ThemeProviderWithVars)\.mjs$/;

/**
 * The member site's themes are plain ones (`createTheme` without `cssVariables` or colour schemes):
 * MUI still bundles its CSS-variables theme builder and provider beside them, ~6 KB gzip on every
 * first page. This leaves those two out of the site's bundle (ADR 0042); were a site theme ever to ask
 * for CSS variables, the page would fail loudly at once rather than render unstyled.
 */
export function themeWithoutCssVariables(): Plugin {
  return {
    name: 'agora-theme-without-css-variables',
    enforce: 'pre',
    resolveId(source, importer) {
      return importer && CHOOSER.test(importer) && CSS_VARIABLES_PART.test(source) ? STUB : null;
    },
    load(id) {
      if (id !== STUB) return null;
      return [
        'const refused = () => {',
        "  throw new Error('The site is built without CSS-variables themes (ADR 0042)');",
        '};',
        'export default refused;',
        'export const CssVarsProvider = refused;',
      ].join('\n');
    },
  };
}
