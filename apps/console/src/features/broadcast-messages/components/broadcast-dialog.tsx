import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BROADCAST_IMAGE_SUGGESTED,
  BROADCAST_LINK_TYPES,
  BROADCAST_TEXT_ADVICE,
  checkBroadcastInput,
  type BroadcastAudience,
  type BroadcastLinkType,
  type BroadcastMessage,
  type BroadcastTagChoice,
  type BroadcastUserChoice,
  type BroadcastWriteBody,
} from '@agora/contract';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormDialog } from '../../../core/dialogs/form-dialog.tsx';
import { useSaveBroadcastMutation, useUploadBroadcastImageMutation } from '../api/use-broadcast-mutations.ts';
import { AudienceFields } from './audience-fields.tsx';
import { problemMessages, serverMessages } from './broadcast-problems.ts';

const LINK_TYPE_LABEL: Record<BroadcastLinkType, string> = {
  internal: 'broadcast.linkType.internal',
  external: 'broadcast.linkType.external',
};

interface Props {
  /** The message to edit, or null to create a template. */
  message: BroadcastMessage | null;
  onClose: () => void;
  onSaved: (message: BroadcastMessage) => void;
}

/** Create or change a broadcast message (spec mgmt §3). Mounted only while open. */
export function BroadcastDialog({ message, onClose, onSaved }: Props) {
  const intl = useIntl();
  const imageInput = useId();
  const [name, setName] = useState(message?.name ?? '');
  const [title, setTitle] = useState(message?.title ?? '');
  const [text, setText] = useState(message?.body_text ?? '');
  const [linkType, setLinkType] = useState<BroadcastLinkType>(message?.link_type ?? 'external');
  const [link, setLink] = useState(message?.link ?? '');
  const [linkText, setLinkText] = useState(message?.link_text ?? '');
  const [newTab, setNewTab] = useState(message?.open_in_new_tab ?? false);
  const [image, setImage] = useState<string | null>(message?.image ?? null);
  const [audience, setAudience] = useState<BroadcastAudience>(message?.audience ?? 'all');
  const [tags, setTags] = useState<BroadcastTagChoice[]>(message?.audience_tags ?? []);
  const [users, setUsers] = useState<BroadcastUserChoice[]>(message?.audience_users ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveBroadcastMutation(message?.id ?? null, {
    onSuccess: onSaved,
    onError: (error) => setErrors(serverMessages(error, 'broadcast.error.save')),
  });
  const upload = useUploadBroadcastImageMutation({
    onSuccess: (url) => {
      setImage(url);
      setErrors(({ file: _file, image: _image, ...rest }) => rest);
    },
    onError: (error) =>
      setErrors((e) => ({
        ...e,
        ...serverMessages(error, 'broadcast.error.image'),
        file: 'broadcast.error.image',
      })),
  });

  const submit = () => {
    const body: BroadcastWriteBody = {
      name,
      title,
      body_text: text,
      link,
      link_text: linkText,
      link_type: linkType,
      open_in_new_tab: newTab,
      image,
      audience,
      audience_tags: tags.map((t) => t.id),
      audience_users: users.map((u) => u.id),
    };
    const problems = checkBroadcastInput(body);
    if (problems.length > 0) return setErrors(problemMessages(problems));
    setErrors({});
    save.mutate(body);
  };
  const show = (field: string) => (errors[field] ? intl.formatMessage({ id: errors[field] }) : undefined);
  const length = text.trim().length;

  return (
    <FormDialog
      title={
        <FormattedMessage id={message ? 'broadcast.dialog.editTitle' : 'broadcast.dialog.createTitle'} />
      }
      generalError={show('general')}
      saveLabel={<FormattedMessage id="broadcast.action.save" />}
      cancelLabel={<FormattedMessage id="broadcast.action.cancel" />}
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
      testId="broadcast-dialog"
      saveTestId="broadcast-save"
    >
      <TextField
        name="name"
        label={intl.formatMessage({ id: 'broadcast.field.name' })}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={Boolean(errors.name)}
        helperText={show('name') ?? intl.formatMessage({ id: 'broadcast.field.nameHelp' })}
        required
        autoFocus
      />
      <TextField
        name="title"
        label={intl.formatMessage({ id: 'broadcast.field.title' })}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={Boolean(errors.title)}
        helperText={show('title')}
        required
      />
      <TextField
        name="body_text"
        label={intl.formatMessage({ id: 'broadcast.field.text' })}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={Boolean(errors.body_text)}
        helperText={
          show('body_text') ??
          intl.formatMessage(
            {
              id:
                length > BROADCAST_TEXT_ADVICE
                  ? 'broadcast.field.textOverAdvice'
                  : 'broadcast.field.textAdvice',
            },
            { count: length, advice: BROADCAST_TEXT_ADVICE },
          )
        }
        slotProps={{ formHelperText: { 'data-testid': 'broadcast-text-counter' } as object }}
        multiline
        minRows={3}
        required
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' } }}>
        <TextField
          select
          name="link_type"
          label={intl.formatMessage({ id: 'broadcast.field.linkType' })}
          value={linkType}
          onChange={(e) => setLinkType(e.target.value as BroadcastLinkType)}
        >
          {BROADCAST_LINK_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {intl.formatMessage({ id: LINK_TYPE_LABEL[type] })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          name="link"
          label={intl.formatMessage({ id: 'broadcast.field.link' })}
          placeholder={linkType === 'internal' ? '/categories/' : 'https://'}
          value={link}
          onChange={(e) => setLink(e.target.value)}
          error={Boolean(errors.link)}
          helperText={show('link')}
        />
      </Box>
      <TextField
        name="link_text"
        label={intl.formatMessage({ id: 'broadcast.field.linkText' })}
        value={linkText}
        onChange={(e) => setLinkText(e.target.value)}
        error={Boolean(errors.link_text)}
        helperText={show('link_text')}
      />
      <FormControlLabel
        control={
          <Checkbox checked={newTab} onChange={(e) => setNewTab(e.target.checked)} name="open_in_new_tab" />
        }
        label={<FormattedMessage id="broadcast.field.newTab" />}
      />
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="body2" component="span" id={`${imageInput}-label`}>
          <FormattedMessage id="broadcast.field.image" />
        </Typography>
        {image && (
          <Box
            component="img"
            src={image}
            alt={intl.formatMessage({ id: 'broadcast.field.imagePreview' })}
            sx={{ maxWidth: '100%', maxHeight: 160, objectFit: 'contain', alignSelf: 'start' }}
          />
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button component="label" variant="outlined" disabled={upload.isPending}>
            <FormattedMessage id={image ? 'broadcast.action.replaceImage' : 'broadcast.action.uploadImage'} />
            <input
              hidden
              type="file"
              name="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              aria-labelledby={`${imageInput}-label`}
              data-testid="broadcast-image-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) upload.mutate(file);
                e.target.value = '';
              }}
            />
          </Button>
          {image && (
            <Button onClick={() => setImage(null)}>
              <FormattedMessage id="broadcast.action.removeImage" />
            </Button>
          )}
        </Box>
        <Typography variant="caption" color={errors.file || errors.image ? 'error' : 'text.secondary'}>
          {show('file') ??
            show('image') ??
            intl.formatMessage({ id: 'broadcast.field.imageHelp' }, BROADCAST_IMAGE_SUGGESTED)}
        </Typography>
      </Box>
      <AudienceFields
        audience={audience}
        tags={tags}
        users={users}
        onAudience={setAudience}
        onTags={setTags}
        onUsers={setUsers}
        message={show}
      />
    </FormDialog>
  );
}
