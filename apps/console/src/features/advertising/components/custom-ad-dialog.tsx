import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  AD_EMBED_CODE_MAX,
  AD_IMAGE_MAX_BYTES,
  AD_POSITIONS,
  AD_TITLE_MAX,
  type AdPosition,
  type CustomAd,
} from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { parsedErrorsOf } from '../../../core/http/error-text.ts';
import { useMediaUrl } from '../../../core/stack/use-media-url.ts';
import { useAdCategoriesQuery, useSaveCustomAdMutation } from '../api/advertising-api.ts';
import { POSITION_MESSAGE } from './ad-messages.ts';

interface Props {
  ad: CustomAd | null;
  onClose: () => void;
  onSaved: (ad: CustomAd) => void;
}

const FIELDS = ['title', 'link', 'image', 'embed_code', 'category', 'position'] as const;
type Field = (typeof FIELDS)[number];
const FIELD_ERROR: Record<Field, string> = {
  title: 'advertising.error.title',
  link: 'advertising.error.link',
  image: 'advertising.error.image',
  embed_code: 'advertising.error.code',
  category: 'advertising.error.category',
  position: 'advertising.error.position',
};
const ALL = 'all';

function linkOk(link: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(link).protocol);
  } catch {
    return false;
  }
}

/**
 * Add or edit a custom ad (spec mgmt §3, §5): title, link, an image (at most 1 MB) or an embed code
 * previewed in a sandboxed frame (scripts only, never the console's origin), a category or all
 * categories, one of the eight positions, active.
 */
export function CustomAdDialog({ ad, onClose, onSaved }: Props) {
  const intl = useIntl();
  const mediaUrl = useMediaUrl();
  const categories = useAdCategoriesQuery();
  const [title, setTitle] = useState(ad?.title ?? '');
  const [link, setLink] = useState(ad?.link ?? '');
  const [kind, setKind] = useState<'image' | 'embed'>(ad && !ad.image ? 'embed' : 'image');
  const [embedCode, setEmbedCode] = useState(ad?.embed_code ?? '');
  const [image, setImage] = useState<File | null>(null);
  const [category, setCategory] = useState(ad?.category ? String(ad.category.id) : ALL);
  const [position, setPosition] = useState<AdPosition>(ad?.position ?? 'IN_STREAM');
  const [active, setActive] = useState(ad?.active ?? true);
  const [touched, setTouched] = useState(false);
  const save = useSaveCustomAdMutation({ onSuccess: (saved) => onSaved(saved) });

  const imageTooLarge = image !== null && image.size > AD_IMAGE_MAX_BYTES;
  const local: Partial<Record<Field, boolean>> = {
    title: !title.trim(),
    link: link.trim() !== '' && !linkOk(link.trim()),
    image: kind === 'image' && ((!image && !ad?.image) || imageTooLarge),
    embed_code: kind === 'embed' && !embedCode.trim(),
  };
  const serverFields = parsedErrorsOf(save.error)?.fieldErrors ?? {};
  const errorOf = (field: Field) => {
    if (field === 'image' && imageTooLarge)
      return intl.formatMessage({ id: 'advertising.error.imageTooLarge' });
    if ((touched && local[field]) || serverFields[field] !== undefined) {
      return intl.formatMessage({ id: FIELD_ERROR[field] });
    }
    return null;
  };
  const fieldFailure = FIELDS.some((f) => serverFields[f] !== undefined);

  const submit = () => {
    setTouched(true);
    if (FIELDS.some((f) => local[f])) return;
    save.mutate({
      id: ad?.id ?? null,
      change: {
        title: title.trim(),
        link: link.trim(),
        kind,
        embedCode: embedCode.trim(),
        ...(image ? { image } : {}),
        category: category === ALL ? null : Number(category),
        position,
        active,
      },
    });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="custom-ad-dialog-title">
      <DialogTitle id="custom-ad-dialog-title">
        <FormattedMessage id={ad ? 'advertising.ad.editTitle' : 'advertising.ad.addTitle'} />
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={intl.formatMessage({ id: 'advertising.field.title' })}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: AD_TITLE_MAX } }}
            error={!!errorOf('title')}
            helperText={errorOf('title') ?? ' '}
          />
          <TextField
            label={intl.formatMessage({ id: 'advertising.field.link' })}
            value={link}
            onChange={(e) => setLink(e.target.value)}
            type="url"
            error={!!errorOf('link')}
            helperText={errorOf('link') ?? ' '}
          />
          <FormControl>
            <FormLabel id="custom-ad-kind">
              <FormattedMessage id="advertising.field.content" />
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby="custom-ad-kind"
              value={kind}
              onChange={(e) => setKind(e.target.value as 'image' | 'embed')}
            >
              <FormControlLabel
                value="image"
                control={<Radio />}
                label={intl.formatMessage({ id: 'advertising.field.image' })}
              />
              <FormControlLabel
                value="embed"
                control={<Radio />}
                label={intl.formatMessage({ id: 'advertising.field.embedCode' })}
              />
            </RadioGroup>
          </FormControl>
          {kind === 'image' ? (
            <Box>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                {ad?.image && !image && (
                  <img
                    src={mediaUrl(ad.image)}
                    alt=""
                    width={96}
                    height={48}
                    style={{ objectFit: 'cover' }}
                  />
                )}
                <Button variant="outlined" component="label">
                  <FormattedMessage
                    id={ad?.image ? 'advertising.action.replaceImage' : 'advertising.action.chooseImage'}
                  />
                  <input
                    hidden
                    type="file"
                    accept="image/png,image/jpeg,image/gif,image/webp"
                    data-testid="custom-ad-image-input"
                    onChange={(e) => setImage(e.target.files?.[0] ?? null)}
                  />
                </Button>
                {image && <Typography variant="body2">{image.name}</Typography>}
              </Stack>
              <FormHelperText error={!!errorOf('image')}>
                {errorOf('image') ?? <FormattedMessage id="advertising.field.imageHelp" />}
              </FormHelperText>
            </Box>
          ) : (
            <>
              <TextField
                label={intl.formatMessage({ id: 'advertising.field.embedCode' })}
                value={embedCode}
                onChange={(e) => setEmbedCode(e.target.value)}
                multiline
                minRows={4}
                required
                slotProps={{ htmlInput: { maxLength: AD_EMBED_CODE_MAX, spellCheck: false } }}
                error={!!errorOf('embed_code')}
                helperText={errorOf('embed_code') ?? ' '}
              />
              {embedCode.trim() !== '' && (
                <Box>
                  <Typography variant="caption" component="p" color="text.secondary">
                    <FormattedMessage id="advertising.field.preview" />
                  </Typography>
                  <Box
                    component="iframe"
                    title={intl.formatMessage({ id: 'advertising.field.preview' })}
                    sandbox="allow-scripts"
                    referrerPolicy="no-referrer"
                    srcDoc={embedCode}
                    data-testid="custom-ad-preview"
                    sx={{ width: '100%', height: 160, border: 1, borderColor: 'divider', borderRadius: 1 }}
                  />
                </Box>
              )}
            </>
          )}
          <TextField
            select
            label={intl.formatMessage({ id: 'advertising.field.category' })}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            error={!!errorOf('category')}
            helperText={errorOf('category') ?? ' '}
          >
            <MenuItem value={ALL}>
              <FormattedMessage id="advertising.category.all" />
            </MenuItem>
            {(categories.data ?? []).map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.name}
              </MenuItem>
            ))}
            {ad?.category && !(categories.data ?? []).some((c) => c.id === ad.category?.id) && (
              <MenuItem value={String(ad.category.id)}>{ad.category.name}</MenuItem>
            )}
          </TextField>
          <TextField
            select
            label={intl.formatMessage({ id: 'advertising.field.position' })}
            value={position}
            onChange={(e) => setPosition(e.target.value as AdPosition)}
            error={!!errorOf('position')}
            helperText={errorOf('position') ?? ' '}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'custom-ad-position' } as object } }}
          >
            {AD_POSITIONS.map((p) => (
              <MenuItem key={p} value={p}>
                <FormattedMessage id={POSITION_MESSAGE[p]} />
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
            label={intl.formatMessage({ id: 'advertising.field.active' })}
          />
          {save.isError && !fieldFailure && (
            <Alert severity="error">
              <FormattedMessage id="advertising.error.update" />
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="advertising.action.cancel" />
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          <FormattedMessage id="advertising.action.save" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
