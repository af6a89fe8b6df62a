import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  checkTagInput,
  TAG_DEFAULT_COLOR,
  TAG_DESCRIPTION_MAX,
  TAG_NAME_MAX,
  type Tag,
  type TagProblem,
  type TagType,
} from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormDialog } from '../../../core/dialogs/form-dialog.tsx';
import { isHttpError } from '../../../core/http/http-error.ts';
import { useSaveTagMutation } from '../api/use-tagging-mutations.ts';
import { ColorSwatches } from './color-swatches.tsx';

const MESSAGES = {
  unique: { id: 'tagging.error.unique' },
  invalidName: { id: 'tagging.error.invalidName' },
  nameTooLong: { id: 'tagging.error.nameTooLong' },
  descriptionTooLong: { id: 'tagging.error.descriptionTooLong' },
  color: { id: 'tagging.error.color' },
  generic: { id: 'tagging.error.generic' },
};

/** The message id of a field problem (the rules come from the contract's `checkTagInput`). */
export function tagProblemMessageId(problem: Pick<TagProblem, 'field' | 'code'>): string {
  if (problem.code === 'unique') return MESSAGES.unique.id;
  if (problem.field === 'name')
    return problem.code === 'max_length' ? MESSAGES.nameTooLong.id : MESSAGES.invalidName.id;
  if (problem.field === 'description') return MESSAGES.descriptionTooLong.id;
  if (problem.field === 'color') return MESSAGES.color.id;
  return MESSAGES.generic.id;
}

interface Props {
  type: TagType;
  /** The tag to edit, or null to create one. */
  tag: Tag | null;
  open: boolean;
  onClose: () => void;
  onSaved: (tag: Tag) => void;
}

/** Create or edit a tag: name, description, colour, visible in profile, visibility boost, active. */
export function TagDialog({ type, tag, open, onClose, onSaved }: Props) {
  const intl = useIntl();
  const [name, setName] = useState(tag?.name ?? '');
  const [description, setDescription] = useState(tag?.description ?? '');
  const [color, setColor] = useState(tag?.color ?? TAG_DEFAULT_COLOR);
  const [visible, setVisible] = useState(tag?.visible ?? true);
  const [boost, setBoost] = useState(tag?.visibility_boost ?? false);
  const [active, setActive] = useState(tag?.active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saveTag = useSaveTagMutation(tag, {
    onSuccess: (saved) => onSaved(saved),
    onError: (error) => {
      const fieldCodes = isHttpError(error) ? error.parsed.fieldCodes : {};
      const next: Record<string, string> = {};
      for (const [field, code] of Object.entries(fieldCodes)) {
        next[field] = tagProblemMessageId({ field, code: code as TagProblem['code'] });
      }
      setErrors(Object.keys(next).length > 0 ? next : { general: MESSAGES.generic.id });
    },
  });
  const saving = saveTag.isPending;

  const save = () => {
    const body = { type, name, description, color, visible, visibility_boost: boost, active };
    const problems = checkTagInput(body);
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, tagProblemMessageId(p)])));
      return;
    }
    saveTag.mutate(body);
  };

  const message = (field: string) => (errors[field] ? intl.formatMessage({ id: errors[field] }) : undefined);

  return (
    <FormDialog
      open={open}
      title={<FormattedMessage id={tag ? 'tagging.dialog.editTitle' : 'tagging.dialog.createTitle'} />}
      generalError={message('general')}
      saveLabel={<FormattedMessage id="tagging.action.save" />}
      cancelLabel={<FormattedMessage id="tagging.action.cancel" />}
      saving={saving}
      onSave={save}
      onClose={onClose}
      testId="tag-dialog"
      saveTestId="tag-save"
    >
      <TextField
        name="name"
        label={intl.formatMessage({ id: 'tagging.field.name' })}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={Boolean(errors.name)}
        helperText={message('name') ?? `${name.trim().length}/${TAG_NAME_MAX}`}
        required
      />
      <TextField
        name="description"
        label={intl.formatMessage({ id: 'tagging.field.description' })}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={Boolean(errors.description)}
        helperText={message('description') ?? `${description.trim().length}/${TAG_DESCRIPTION_MAX}`}
        multiline
        minRows={2}
      />
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="tagging.field.color" />
      </Typography>
      <ColorSwatches value={color} onChange={setColor} />
      {errors.color && (
        <Typography variant="caption" color="error">
          {message('color')}
        </Typography>
      )}
      <FormControlLabel
        control={<Switch checked={visible} onChange={(e) => setVisible(e.target.checked)} />}
        label={<FormattedMessage id="tagging.field.visible" />}
      />
      <FormControlLabel
        control={<Switch checked={boost} onChange={(e) => setBoost(e.target.checked)} />}
        label={<FormattedMessage id="tagging.field.visibilityBoost" />}
      />
      <FormControlLabel
        control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
        label={<FormattedMessage id="tagging.field.active" />}
      />
    </FormDialog>
  );
}
