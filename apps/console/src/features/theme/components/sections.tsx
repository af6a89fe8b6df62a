import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { preferenceDefinition, THEME_FONTS } from '@agora/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDynamicPreferences } from '../../../core/dynamic-preferences/dynamic-preference-store.ts';
import { ImageUpload } from './image-upload.tsx';
import { PreferenceFormBody, PreferenceTextField, SectionCard } from './section-form.tsx';
import { fontStack, ThemePreview } from './theme-preview.tsx';
import {
  usePreferenceForm,
  type PreferenceForm,
} from '../../../core/dynamic-preferences/use-preference-form.ts';

const COLORS = [
  'colorprimary',
  'colorsecondary',
  'colorback',
  'navbarback',
  'font_color',
  'font_color_secondary',
  'boxcolorback',
] as const;
const COLOR_LABELS: Record<(typeof COLORS)[number], string> = {
  colorprimary: 'theme.colors.colorprimary',
  colorsecondary: 'theme.colors.colorsecondary',
  colorback: 'theme.colors.colorback',
  navbarback: 'theme.colors.navbarback',
  font_color: 'theme.colors.font_color',
  font_color_secondary: 'theme.colors.font_color_secondary',
  boxcolorback: 'theme.colors.boxcolorback',
};
/** What the preview shows besides the section's own values. */
const PREVIEW_CONTEXT = [
  'font_family',
  'font_size',
  'application_name',
  'application_slogan1',
  'navbar_logo',
];

/** #abc → #aabbcc, for the native colour input (which takes only #rrggbb). */
function sixDigits(value: string): string {
  if (/^#[0-9a-fA-F]{6}$/.test(value)) return value.toLowerCase();
  if (/^#[0-9a-fA-F]{3}$/.test(value))
    return `#${[...value.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  return '#000000';
}

function ColorField({ form, name }: { form: PreferenceForm; name: (typeof COLORS)[number] }) {
  const intl = useIntl();
  const value = form.text(name);
  const label = intl.formatMessage({ id: COLOR_LABELS[name] });
  const error = form.error(name);
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        value={sixDigits(value)}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => form.set(name, event.target.value)}
        aria-label={label}
        data-testid={`swatch-${name}`}
        sx={{
          width: 48,
          height: 40,
          p: 0.25,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          cursor: 'pointer',
          flexShrink: 0,
        }}
      />
      <TextField
        size="small"
        label={label}
        value={value}
        onChange={(event) => form.set(name, event.target.value)}
        error={Boolean(error)}
        helperText={error}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': `field-${name}`, spellCheck: false } }}
      />
    </Stack>
  );
}

export function ColorsSection() {
  const form = usePreferenceForm(COLORS);
  const context = useDynamicPreferences(PREVIEW_CONTEXT);
  const previewValues = {
    ...context.values,
    ...Object.fromEntries(COLORS.map((name) => [name, form.value(name)])),
  };
  return (
    <SectionCard
      titleId="theme.section.colors"
      descriptionId="theme.colors.description"
      testId="theme-colors"
    >
      <PreferenceFormBody form={form}>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', lg: 'minmax(240px, 340px) 1fr' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ display: 'grid', gap: 2 }}>
            {COLORS.map((name) => (
              <ColorField key={name} form={form} name={name} />
            ))}
          </Box>
          <Box sx={{ display: 'grid', gap: 1, position: { lg: 'sticky' }, top: { lg: 80 } }}>
            <Typography variant="subtitle2" color="text.secondary">
              <FormattedMessage id="theme.preview.title" />
            </Typography>
            <ThemePreview values={previewValues} />
          </Box>
        </Box>
      </PreferenceFormBody>
    </SectionCard>
  );
}

export function LogoSection() {
  useDynamicPreferences(['navbar_logo', 'navbar_logo_mobile']);
  return (
    <SectionCard titleId="theme.section.logo" descriptionId="theme.logo.description" testId="theme-logo">
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <ImageUpload name="navbar_logo" labelId="theme.logo.desktop" hintId="theme.logo.desktopHint" />
        <ImageUpload name="navbar_logo_mobile" labelId="theme.logo.mobile" hintId="theme.logo.mobileHint" />
      </Box>
    </SectionCard>
  );
}

const TITLE_NAMES = ['application_name', 'application_slogan1', 'application_slogan2'];

export function TitleAndSloganSection() {
  const form = usePreferenceForm(TITLE_NAMES);
  return (
    <SectionCard
      titleId="theme.section.titleAndSlogan"
      descriptionId="theme.title.description"
      testId="theme-title"
    >
      <PreferenceFormBody form={form}>
        <PreferenceTextField form={form} name="application_name" labelId="theme.title.name" counter />
        <PreferenceTextField
          form={form}
          name="application_slogan1"
          labelId="theme.title.slogan1"
          multiline
          counter
        />
        <PreferenceTextField
          form={form}
          name="application_slogan2"
          labelId="theme.title.slogan2"
          multiline
          counter
        />
      </PreferenceFormBody>
    </SectionCard>
  );
}

const COVERS = ['cover_1_hp_m1920', 'cover_2_hp_m1920', 'cover_3_hp_m1920', 'cover_4_hp_m1920'];
const COVER_LABELS = [
  'theme.covers.cover1',
  'theme.covers.cover2',
  'theme.covers.cover3',
  'theme.covers.cover4',
];

export function BackgroundImagesSection() {
  useDynamicPreferences(COVERS);
  return (
    <SectionCard
      titleId="theme.section.backgroundImages"
      descriptionId="theme.covers.description"
      testId="theme-covers"
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {COVERS.map((name, index) => (
          <ImageUpload
            key={name}
            name={name}
            labelId={COVER_LABELS[index] as string}
            hintId="theme.covers.hint"
            previewHeight={140}
          />
        ))}
      </Box>
    </SectionCard>
  );
}

const FONT_NAMES = ['font_family', 'font_size'];
const FONT_PREVIEW_CONTEXT = [...COLORS, 'application_name', 'application_slogan1', 'navbar_logo'];

export function FontSection() {
  const intl = useIntl();
  const form = usePreferenceForm(FONT_NAMES);
  const context = useDynamicPreferences(FONT_PREVIEW_CONTEXT);
  const sizeDefinition = preferenceDefinition('font_size');
  const min = sizeDefinition?.min ?? 12;
  const max = sizeDefinition?.max ?? 20;
  const size = Number(form.value('font_size')) || 15;
  const family = form.text('font_family') || 'Inter';
  return (
    <SectionCard titleId="theme.section.font" descriptionId="theme.font.description" testId="theme-font">
      <PreferenceFormBody form={form}>
        <TextField
          select
          label={intl.formatMessage({ id: 'theme.font.family' })}
          value={family}
          onChange={(event) => form.set('font_family', event.target.value)}
          error={Boolean(form.error('font_family'))}
          helperText={form.error('font_family')}
          sx={{ maxWidth: 360 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'field-font_family' } as object } }}
        >
          {THEME_FONTS.map((font) => (
            <MenuItem key={font} value={font} style={{ fontFamily: fontStack(font) }}>
              {font}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ maxWidth: 360 }}>
          <Typography id="theme-font-size" gutterBottom>
            <FormattedMessage id="theme.font.size" values={{ size }} />
          </Typography>
          <Slider
            aria-labelledby="theme-font-size"
            value={size}
            min={min}
            max={max}
            step={1}
            marks
            valueLabelDisplay="auto"
            onChange={(_event, value) => form.set('font_size', value as number)}
            data-testid="field-font_size"
          />
          {form.error('font_size') && (
            <Typography color="error" variant="body2">
              {form.error('font_size')}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="subtitle2" color="text.secondary">
            <FormattedMessage id="theme.preview.title" />
          </Typography>
          <ThemePreview values={{ ...context.values, font_family: family, font_size: size }} />
        </Box>
      </PreferenceFormBody>
    </SectionCard>
  );
}

export function ProfileImageSection() {
  useDynamicPreferences(['user_default_avatar']);
  return (
    <SectionCard
      titleId="theme.section.profileImage"
      descriptionId="theme.avatar.description"
      testId="theme-avatar"
    >
      <Box sx={{ maxWidth: 360 }}>
        <ImageUpload
          name="user_default_avatar"
          labelId="theme.avatar.label"
          hintId="theme.avatar.hint"
          previewHeight={150}
        />
      </Box>
    </SectionCard>
  );
}

const NAVBAR_NAMES = ['custom_navbar_item_enabled', 'custom_navbar_item_text', 'custom_navbar_item_url'];

export function NavbarSection() {
  const intl = useIntl();
  const form = usePreferenceForm(NAVBAR_NAMES);
  useDynamicPreferences(['custom_navbar_item_image']);
  return (
    <SectionCard
      titleId="theme.section.navbar"
      descriptionId="theme.navbar.description"
      testId="theme-navbar"
    >
      <PreferenceFormBody form={form}>
        <FormControlLabel
          control={
            <Switch
              checked={form.value('custom_navbar_item_enabled') === true}
              onChange={(event) => form.set('custom_navbar_item_enabled', event.target.checked)}
              slotProps={{ input: { 'data-testid': 'field-custom_navbar_item_enabled' } as object }}
            />
          }
          label={intl.formatMessage({ id: 'theme.navbar.enabled' })}
        />
        <PreferenceTextField form={form} name="custom_navbar_item_text" labelId="theme.navbar.text" counter />
        <PreferenceTextField
          form={form}
          name="custom_navbar_item_url"
          labelId="theme.navbar.url"
          helperId="theme.navbar.urlHelp"
          type="url"
        />
      </PreferenceFormBody>
      <Box sx={{ maxWidth: 360 }}>
        <ImageUpload name="custom_navbar_item_image" labelId="theme.navbar.image" />
      </Box>
    </SectionCard>
  );
}

export function CopyrightSection() {
  const form = usePreferenceForm(['application_copyright']);
  return (
    <SectionCard
      titleId="theme.section.copyright"
      descriptionId="theme.copyright.description"
      testId="theme-copyright"
    >
      <PreferenceFormBody form={form}>
        <PreferenceTextField
          form={form}
          name="application_copyright"
          labelId="theme.copyright.label"
          multiline
          counter
        />
      </PreferenceFormBody>
    </SectionCard>
  );
}

export function UrlSection() {
  const form = usePreferenceForm(['app_url']);
  return (
    <SectionCard titleId="theme.section.url" descriptionId="theme.url.description" testId="theme-url">
      <PreferenceFormBody form={form}>
        <PreferenceTextField
          form={form}
          name="app_url"
          labelId="theme.url.label"
          helperId="theme.url.help"
          type="url"
        />
      </PreferenceFormBody>
    </SectionCard>
  );
}
