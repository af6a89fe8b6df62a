import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  REACTION_LABEL_MAX,
  REACTION_SENTIMENTS,
  type Reaction,
  type ReactionSentiment,
} from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSaveReactionMutation } from '../api/use-reactions.ts';
import { reactionFieldError, SENTIMENT_MESSAGE } from './reaction-messages.ts';

interface Props {
  /** The reaction to edit, or null to add one. */
  reaction: Reaction | null;
  onClose: () => void;
  onSaved: (reaction: Reaction) => void;
}

const ACCEPT = '.svg,.png,.jpg,.jpeg,image/svg+xml,image/png,image/jpeg';

/** Add or edit a reaction: label, image (SVG, PNG or JPG), sentiment, active (never off for the default). */
export function ReactionDialog({ reaction, onClose, onSaved }: Props) {
  const intl = useIntl();
  const [label, setLabel] = useState(reaction?.label ?? '');
  const [sentiment, setSentiment] = useState<ReactionSentiment>(reaction?.sentiment ?? 1);
  const [active, setActive] = useState(reaction?.active ?? true);
  const [image, setImage] = useState<File | null>(null);
  const save = useSaveReactionMutation({ onSuccess: (saved) => onSaved(saved) });
  const isDefault = reaction?.is_default ?? false;
  const error = (field: string) => (save.error ? reactionFieldError(intl, save.error, field) : null);
  const fieldErrors = ['label', 'image', 'sentiment', 'active'].some((f) => error(f) !== null);

  const submit = () => {
    save.mutate({
      id: reaction?.id ?? null,
      change: {
        label: label.trim(),
        sentiment,
        ...(isDefault ? {} : { active }),
        ...(image ? { image } : {}),
      },
    });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reaction-dialog-title">
      <DialogTitle id="reaction-dialog-title">
        <FormattedMessage id={reaction ? 'reactions.dialog.editTitle' : 'reactions.dialog.addTitle'} />
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={intl.formatMessage({ id: 'reactions.field.label' })}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: REACTION_LABEL_MAX } }}
            error={error('label') !== null}
            helperText={error('label') ?? ' '}
          />
          <TextField
            select
            label={intl.formatMessage({ id: 'reactions.field.sentiment' })}
            value={String(sentiment)}
            onChange={(e) => setSentiment(Number(e.target.value) as ReactionSentiment)}
            error={error('sentiment') !== null}
            helperText={error('sentiment') ?? ' '}
          >
            {REACTION_SENTIMENTS.map((s) => (
              <MenuItem key={s} value={String(s)}>
                <FormattedMessage id={SENTIMENT_MESSAGE[s]} />
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              {reaction && !image && (
                <img src={reaction.image} alt="" width={40} height={40} data-testid="reaction-dialog-image" />
              )}
              <Button variant="outlined" component="label">
                <FormattedMessage
                  id={reaction ? 'reactions.action.replaceImage' : 'reactions.action.chooseImage'}
                />
                <input
                  hidden
                  type="file"
                  accept={ACCEPT}
                  data-testid="reaction-image-input"
                  onChange={(e) => setImage(e.target.files?.[0] ?? null)}
                />
              </Button>
              {image && <Typography variant="body2">{image.name}</Typography>}
            </Stack>
            <FormHelperText error={error('image') !== null}>
              {error('image') ?? <FormattedMessage id="reactions.field.imageHelp" />}
            </FormHelperText>
          </Box>
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={isDefault || active}
                  disabled={isDefault}
                  onChange={(e) => setActive(e.target.checked)}
                />
              }
              label={intl.formatMessage({ id: 'reactions.field.active' })}
            />
            {isDefault && (
              <FormHelperText>
                <FormattedMessage id="reactions.defaultAlwaysActive" />
              </FormHelperText>
            )}
            {error('active') && <FormHelperText error>{error('active')}</FormHelperText>}
          </Box>
          {save.isError && !fieldErrors && (
            <Alert severity="error">
              <FormattedMessage id="reactions.error.update" />
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="reactions.action.cancel" />
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={save.isPending || label.trim() === '' || (!reaction && !image)}
        >
          <FormattedMessage id="reactions.action.save" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
