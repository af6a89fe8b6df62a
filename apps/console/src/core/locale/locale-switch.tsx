import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { LOCALES, type Locale } from '@agora/contract';
import { useIntl } from 'react-intl';
import { useLocaleStore } from './locale-store.ts';
import { switchLocale } from './switch-locale.ts';

/** EN / IT buttons, on the sign-in page and in the top bar. */
export function LocaleSwitch({ color = 'standard' }: { color?: 'standard' | 'primary' }) {
  const intl = useIntl();
  const locale = useLocaleStore((state) => state.locale);
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      color={color}
      value={locale}
      aria-label={intl.formatMessage({ id: 'locale.switch' })}
      onChange={(_event, value: Locale | null) => {
        if (value && value !== locale) switchLocale(value);
      }}
      sx={{ bgcolor: 'background.paper' }}
    >
      {LOCALES.map((option) => (
        <ToggleButton
          key={option}
          value={option}
          data-testid={`locale-${option}`}
          aria-label={intl.formatMessage({ id: option === 'en' ? 'locale.english' : 'locale.italian' })}
        >
          {option.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
