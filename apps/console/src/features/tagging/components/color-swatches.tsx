import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { TAG_PALETTE } from '@agora/contract';
import { useIntl } from 'react-intl';

/** The 19 tag colours as round swatches; the chosen one is outlined. */
export function ColorSwatches({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const intl = useIntl();
  return (
    <Box
      role="radiogroup"
      aria-label={intl.formatMessage({ id: 'tagging.field.color' })}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
    >
      {TAG_PALETTE.map((color) => (
        <ButtonBase
          key={color}
          role="radio"
          aria-checked={value.toUpperCase() === color}
          aria-label={color}
          data-testid={`swatch-${color}`}
          onClick={() => onChange(color)}
          sx={{
            width: 24,
            height: 24,
            borderRadius: '50%',
            bgcolor: color,
            border: '2px solid',
            borderColor: value.toUpperCase() === color ? 'text.primary' : 'transparent',
            outline: '1px solid rgba(0,0,0,0.12)',
          }}
        />
      ))}
    </Box>
  );
}
