import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  PROMO_CODE_CODE_MAX,
  PROMO_CODE_NAME_MAX,
  PROMO_CODE_PATTERN,
  type PromoCode,
} from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSavePromoCodeMutation, useUserTagsQuery, type TagChoice } from '../api/promo-codes-api.ts';
import { PROMO_FIELDS, promoFieldError, type PromoField } from './promo-code-messages.ts';

interface Props {
  /** The code to edit, or null to add one. */
  promoCode: PromoCode | null;
  onClose: () => void;
  onSaved: (saved: PromoCode) => void;
}

const day = (iso: string | undefined) => (iso ? iso.slice(0, 10) : '');

/** Add or edit a promo code: name, code (unique), user tags, valid from, valid to (after from). */
export function PromoCodeDialog({ promoCode, onClose, onSaved }: Props) {
  const intl = useIntl();
  const tagChoices = useUserTagsQuery();
  const [name, setName] = useState(promoCode?.name ?? '');
  const [code, setCode] = useState(promoCode?.code ?? '');
  const [tags, setTags] = useState<TagChoice[]>(
    promoCode?.tags.map(({ id, name: n }) => ({ id, name: n })) ?? [],
  );
  const [from, setFrom] = useState(day(promoCode?.valid_from));
  const [to, setTo] = useState(day(promoCode?.valid_to));
  const [touched, setTouched] = useState(false);
  const save = useSavePromoCodeMutation({ onSuccess: (saved) => onSaved(saved) });

  const local: Partial<Record<PromoField, string>> = {};
  if (!name.trim()) local.name = intl.formatMessage({ id: 'promoCodes.error.name' });
  if (!PROMO_CODE_PATTERN.test(code.trim())) local.code = intl.formatMessage({ id: 'promoCodes.error.code' });
  if (!from) local.valid_from = intl.formatMessage({ id: 'promoCodes.error.valid_from' });
  if (!to) local.valid_to = intl.formatMessage({ id: 'promoCodes.error.valid_to' });
  else if (from && to <= from) local.valid_to = intl.formatMessage({ id: 'promoCodes.error.order' });
  const errorOf = (field: PromoField) =>
    (touched ? local[field] : undefined) ?? (save.error ? promoFieldError(intl, save.error, field) : null);
  const fieldFailure = save.error && PROMO_FIELDS.some((f) => promoFieldError(intl, save.error, f) !== null);

  const submit = () => {
    setTouched(true);
    if (Object.keys(local).length > 0) return;
    save.mutate({
      id: promoCode?.id ?? null,
      change: {
        name: name.trim(),
        code: code.trim(),
        tags: tags.map((t) => t.id),
        valid_from: from,
        valid_to: to,
      },
    });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="promo-dialog-title">
      <DialogTitle id="promo-dialog-title">
        <FormattedMessage id={promoCode ? 'promoCodes.dialog.editTitle' : 'promoCodes.dialog.addTitle'} />
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={intl.formatMessage({ id: 'promoCodes.field.name' })}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: PROMO_CODE_NAME_MAX } }}
            error={!!errorOf('name')}
            helperText={errorOf('name') ?? ' '}
          />
          <TextField
            label={intl.formatMessage({ id: 'promoCodes.field.code' })}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: PROMO_CODE_CODE_MAX } }}
            error={!!errorOf('code')}
            helperText={errorOf('code') ?? intl.formatMessage({ id: 'promoCodes.field.codeHelp' })}
          />
          <Autocomplete
            multiple
            options={tagChoices.data ?? []}
            value={tags}
            onChange={(_, value) => setTags(value)}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => (
              <TextField
                {...params}
                label={intl.formatMessage({ id: 'promoCodes.field.tags' })}
                error={!!errorOf('tags')}
                helperText={errorOf('tags') ?? intl.formatMessage({ id: 'promoCodes.field.tagsHelp' })}
              />
            )}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="date"
              fullWidth
              label={intl.formatMessage({ id: 'promoCodes.field.validFrom' })}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              required
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'promo-valid-from' } }}
              error={!!errorOf('valid_from')}
              helperText={errorOf('valid_from') ?? ' '}
            />
            <TextField
              type="date"
              fullWidth
              label={intl.formatMessage({ id: 'promoCodes.field.validTo' })}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              required
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'promo-valid-to' } }}
              error={!!errorOf('valid_to')}
              helperText={errorOf('valid_to') ?? ' '}
            />
          </Stack>
          {save.isError && !fieldFailure && (
            <Alert severity="error">
              <FormattedMessage id="promoCodes.error.update" />
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="promoCodes.action.cancel" />
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          <FormattedMessage id="promoCodes.action.save" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
