import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import { LOCALES } from '@agora/contract';
import { useIntl } from 'react-intl';
import { useLocaleStore } from './locale-store.ts';
import { switchLocale } from './switch-locale.ts';

/**
 * EN / IT buttons, on the sign-in page and in the top bar: a group of two toggle buttons (aria-pressed
 * marks the active language). Plain buttons rather than ToggleButtonGroup, whose roving focus costs the
 * sign-in screen ~4 KB gzip (ADR 0014).
 */
export function LocaleSwitch({ color = 'standard' }: { color?: 'standard' | 'primary' }) {
  const intl = useIntl();
  const locale = useLocaleStore((state) => state.locale);
  return (
    <ButtonGroup
      size="small"
      role="group"
      color={color === 'primary' ? 'primary' : 'inherit'}
      aria-label={intl.formatMessage({ id: 'locale.switch' })}
      sx={{ bgcolor: 'background.paper' }}
    >
      {LOCALES.map((option) => {
        const active = option === locale;
        return (
          <Button
            key={option}
            data-testid={`locale-${option}`}
            aria-pressed={active}
            // The name starts with the visible code (a speech user says what they see).
            aria-label={`${option.toUpperCase()} – ${intl.formatMessage({ id: option === 'en' ? 'locale.english' : 'locale.italian' })}`}
            onClick={() => {
              if (!active) switchLocale(option);
            }}
            sx={{
              minWidth: 40,
              color: active ? 'text.primary' : 'text.secondary',
              bgcolor: active ? 'action.selected' : undefined,
              borderColor: 'divider',
            }}
          >
            {option.toUpperCase()}
          </Button>
        );
      })}
    </ButtonGroup>
  );
}
