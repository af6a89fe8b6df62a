import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ChangeEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from './media-upload.ts';

/** An image the member picked: uploaded with its alternative text when they publish. */
export interface PickedImage {
  key: string;
  file: File;
  preview: string;
  alt: string;
}

export const IMAGES_MAX = 10;

/**
 * The composer's images: picked from the device (PNG, JPEG, GIF or WebP up to 5 MB), each shown with
 * a field for its description (its alternative text) and a button to take it out again.
 */
export function ComposerImages({
  images,
  onChange,
  onRefused,
}: {
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  /** A picked file that is not taken: the reason's message id. */
  onRefused: (messageId: string | null) => void;
}) {
  const intl = useIntl();
  const counter = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const current = useRef(images);
  current.current = images;
  // Previews are object URLs of the picked files: let them go with the composer.
  useEffect(() => () => current.current.forEach((image) => URL.revokeObjectURL(image.preview)), []);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    let refused: string | null = null;
    const taken: PickedImage[] = [];
    for (const file of files) {
      if (!IMAGE_TYPES.includes(file.type)) refused = 'site.media.wrongType';
      else if (file.size > IMAGE_MAX_BYTES) refused = 'site.media.tooLarge';
      else if (images.length + taken.length >= IMAGES_MAX) refused = 'site.media.tooMany';
      else {
        counter.current += 1;
        taken.push({ key: `${counter.current}`, file, preview: URL.createObjectURL(file), alt: '' });
      }
    }
    onRefused(refused);
    if (taken.length > 0) onChange([...images, ...taken]);
  };
  const remove = (key: string) => {
    const image = images.find((i) => i.key === key);
    if (image) URL.revokeObjectURL(image.preview);
    onChange(images.filter((i) => i.key !== key));
  };
  const setAlt = (key: string, alt: string) =>
    onChange(images.map((i) => (i.key === key ? { ...i, alt } : i)));

  return (
    <Stack spacing={1.5}>
      {images.map((image, index) => (
        <Stack key={image.key} direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Box
            component="img"
            src={image.preview}
            alt={
              image.alt ||
              intl.formatMessage({ id: 'site.media.imageOf' }, { n: index + 1, total: images.length })
            }
            sx={{
              width: { xs: 64, sm: 96 },
              height: { xs: 48, sm: 72 },
              objectFit: 'cover',
              borderRadius: 1,
              flexShrink: 0,
            }}
          />
          <TextField
            size="small"
            fullWidth
            label={intl.formatMessage({ id: 'site.media.alt' }, { n: index + 1 })}
            helperText={intl.formatMessage({ id: 'site.media.altHelp' })}
            value={image.alt}
            onChange={(e) => setAlt(image.key, e.target.value)}
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
          <IconButton
            onClick={() => remove(image.key)}
            aria-label={intl.formatMessage({ id: 'site.media.remove' }, { n: index + 1 })}
          >
            <span aria-hidden="true">✕</span>
          </IconButton>
        </Stack>
      ))}
      {images.length < IMAGES_MAX && (
        <Box>
          <input ref={input} type="file" accept={IMAGE_TYPES.join(',')} multiple hidden onChange={pick} />
          <Button variant="outlined" size="small" onClick={() => input.current?.click()}>
            <FormattedMessage id="site.media.add" />
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            <FormattedMessage id="site.media.hint" values={{ max: IMAGES_MAX }} />
          </Typography>
        </Box>
      )}
    </Stack>
  );
}
