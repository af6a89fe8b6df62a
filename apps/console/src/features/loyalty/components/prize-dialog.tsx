import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PRIZE_DESCRIPTION_MAX, PRIZE_TITLE_MAX, type Prize } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { parsedErrorsOf } from '../../../core/http/error-text.ts';
import { useMediaUrl } from '../../../core/stack/use-media-url.ts';
import { useSavePrizeMutation } from '../api/loyalty-api.ts';

interface Props {
  prize: Prize | null;
  onClose: () => void;
  onSaved: (prize: Prize) => void;
}

const FIELDS = ['title', 'points', 'link', 'description', 'image'] as const;
type Field = (typeof FIELDS)[number];
const FIELD_ERROR: Record<Field, string> = {
  title: 'loyalty.error.title',
  points: 'loyalty.error.points_prize',
  link: 'loyalty.error.link',
  description: 'loyalty.error.description',
  image: 'loyalty.error.image',
};

function linkOk(link: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(link).protocol);
  } catch {
    return false;
  }
}

/** Add or edit a prize: title, points, link, description, image (suggested 1920×1280), active. */
export function PrizeDialog({ prize, onClose, onSaved }: Props) {
  const intl = useIntl();
  const mediaUrl = useMediaUrl();
  const [title, setTitle] = useState(prize?.title ?? '');
  const [points, setPoints] = useState(prize ? String(prize.points) : '');
  const [link, setLink] = useState(prize?.link ?? '');
  const [description, setDescription] = useState(prize?.description ?? '');
  const [active, setActive] = useState(prize?.active ?? true);
  const [image, setImage] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const save = useSavePrizeMutation({ onSuccess: (saved) => onSaved(saved) });

  const local: Partial<Record<Field, boolean>> = {
    title: !title.trim(),
    points: !/^\d+$/.test(points.trim()) || Number(points) < 1,
    link: !linkOk(link.trim()),
    description: !description.trim(),
    image: !prize && !image,
  };
  const serverFields = parsedErrorsOf(save.error)?.fieldErrors ?? {};
  const errorOf = (field: Field) =>
    (touched && local[field]) || serverFields[field] !== undefined
      ? intl.formatMessage({
          id: FIELD_ERROR[field],
        })
      : null;
  const fieldFailure = FIELDS.some((f) => serverFields[f] !== undefined);

  const submit = () => {
    setTouched(true);
    if (FIELDS.some((f) => local[f])) return;
    save.mutate({
      id: prize?.id ?? null,
      change: {
        title: title.trim(),
        points: Number(points),
        link: link.trim(),
        description: description.trim(),
        active,
        ...(image ? { image } : {}),
      },
    });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="prize-dialog-title">
      <DialogTitle id="prize-dialog-title">
        <FormattedMessage id={prize ? 'loyalty.prize.editTitle' : 'loyalty.prize.addTitle'} />
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={intl.formatMessage({ id: 'loyalty.field.title' })}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: PRIZE_TITLE_MAX } }}
            error={!!errorOf('title')}
            helperText={errorOf('title') ?? ' '}
          />
          <TextField
            label={intl.formatMessage({ id: 'loyalty.field.points' })}
            value={points}
            onChange={(e) => setPoints(e.target.value)}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            error={!!errorOf('points')}
            helperText={errorOf('points') ?? ' '}
          />
          <TextField
            label={intl.formatMessage({ id: 'loyalty.field.link' })}
            value={link}
            onChange={(e) => setLink(e.target.value)}
            required
            type="url"
            error={!!errorOf('link')}
            helperText={errorOf('link') ?? ' '}
          />
          <TextField
            label={intl.formatMessage({ id: 'loyalty.field.description' })}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            required
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: PRIZE_DESCRIPTION_MAX } }}
            error={!!errorOf('description')}
            helperText={errorOf('description') ?? ' '}
          />
          <Box>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              {prize && !image && (
                <img
                  src={mediaUrl(prize.image)}
                  alt=""
                  width={72}
                  height={48}
                  style={{ objectFit: 'cover' }}
                />
              )}
              <Button variant="outlined" component="label">
                <FormattedMessage id={prize ? 'loyalty.action.replaceImage' : 'loyalty.action.chooseImage'} />
                <input
                  hidden
                  type="file"
                  accept="image/png,image/jpeg,image/gif,image/webp"
                  data-testid="prize-image-input"
                  onChange={(e) => setImage(e.target.files?.[0] ?? null)}
                />
              </Button>
              {image && <Typography variant="body2">{image.name}</Typography>}
            </Stack>
            <FormHelperText error={!!errorOf('image')}>
              {errorOf('image') ?? <FormattedMessage id="loyalty.field.imageHelp" />}
            </FormHelperText>
          </Box>
          <FormControlLabel
            control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
            label={intl.formatMessage({ id: 'loyalty.field.active' })}
          />
          {save.isError && !fieldFailure && (
            <Alert severity="error">
              <FormattedMessage id="loyalty.error.prizeUpdate" />
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="loyalty.action.cancel" />
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          <FormattedMessage id="loyalty.action.save" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
