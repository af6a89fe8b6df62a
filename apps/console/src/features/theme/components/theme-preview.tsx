import Box from '@mui/material/Box';
import type { PreferenceValue } from '@agora/contract';
import { FormattedMessage } from 'react-intl';
import { useMediaUrl } from '../../../core/stack/use-media-url.ts';

type Values = Record<string, PreferenceValue>;

const str = (values: Values, name: string, fallback: string) => {
  const value = values[name];
  return typeof value === 'string' && value !== '' ? value : fallback;
};

/** The CSS font stack of a theme font, with the spec's order of fallbacks (Inter, then Source Sans Pro). */
export function fontStack(family: string): string {
  const chain = [family, 'Inter', 'Source Sans Pro'].filter((f, i, all) => all.indexOf(f) === i);
  return [...chain.map((f) => `"${f}"`), 'sans-serif'].join(', ');
}

/**
 * A mock community page drawn with the colours, font and texts being edited (before they are saved):
 * the navbar with the logo or the name, a cover strip, a card with text, a link and a button.
 */
export function ThemePreview({ values }: { values: Values }) {
  const primary = str(values, 'colorprimary', '#3d9999');
  const secondary = str(values, 'colorsecondary', '#2b6d6d');
  const background = str(values, 'colorback', '#f5f5f5');
  const navbar = str(values, 'navbarback', '#ffffff');
  const text = str(values, 'font_color', '#212121');
  const textSecondary = str(values, 'font_color_secondary', '#616161');
  const card = str(values, 'boxcolorback', '#ffffff');
  const family = str(values, 'font_family', 'Inter');
  const size = typeof values.font_size === 'number' ? values.font_size : Number(values.font_size) || 15;
  const name = str(values, 'application_name', '');
  const slogan = str(values, 'application_slogan1', '');
  const mediaUrl = useMediaUrl();
  const logo = mediaUrl(str(values, 'navbar_logo', ''));
  return (
    <Box
      data-testid="theme-preview"
      aria-hidden
      style={{
        backgroundColor: background,
        fontFamily: fontStack(family),
        fontSize: `${size}px`,
        color: text,
      }}
      sx={{ borderRadius: 1, border: 1, borderColor: 'divider', overflow: 'hidden', maxWidth: 560 }}
    >
      <Box
        data-testid="preview-navbar"
        style={{ backgroundColor: navbar, borderBottom: `3px solid ${primary}` }}
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1, minHeight: 48 }}
      >
        {logo ? (
          <Box
            component="img"
            src={logo}
            alt=""
            sx={{ maxHeight: 32, maxWidth: 128, objectFit: 'contain' }}
          />
        ) : (
          <Box component="strong" data-testid="preview-name" style={{ color: primary }}>
            {name || <FormattedMessage id="theme.preview.community" />}
          </Box>
        )}
        <Box sx={{ flex: 1 }} />
        <Box component="span" style={{ color: textSecondary }} sx={{ display: { xs: 'none', sm: 'inline' } }}>
          <FormattedMessage id="theme.preview.explore" />
        </Box>
        <Box component="span" style={{ color: primary, fontWeight: 600 }}>
          <FormattedMessage id="theme.preview.home" />
        </Box>
      </Box>
      <Box
        style={{ background: `linear-gradient(120deg, ${primary}, ${secondary})` }}
        sx={{ px: 2, py: 2.5, color: '#fff' }}
      >
        <Box component="div" style={{ fontSize: '1.4em', fontWeight: 700 }}>
          {name || <FormattedMessage id="theme.preview.community" />}
        </Box>
        {slogan && (
          <Box component="div" data-testid="preview-slogan" style={{ opacity: 0.9 }}>
            {slogan}
          </Box>
        )}
      </Box>
      <Box sx={{ p: 2 }}>
        <Box
          data-testid="preview-card"
          style={{ backgroundColor: card }}
          sx={{ borderRadius: 1, p: 2, boxShadow: 1 }}
        >
          <Box component="div" style={{ fontWeight: 700, fontSize: '1.15em' }}>
            <FormattedMessage id="theme.preview.postTitle" />
          </Box>
          <Box component="p" style={{ color: textSecondary, margin: '0.4em 0 0.8em' }}>
            <FormattedMessage id="theme.preview.postText" />
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Box
              component="span"
              data-testid="preview-button"
              style={{
                backgroundColor: primary,
                color: '#fff',
                padding: '0.35em 0.9em',
                borderRadius: 4,
                fontWeight: 600,
              }}
            >
              <FormattedMessage id="theme.preview.button" />
            </Box>
            <Box
              component="span"
              data-testid="preview-link"
              style={{ color: secondary, textDecoration: 'underline' }}
            >
              <FormattedMessage id="theme.preview.link" />
            </Box>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
