import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import {
  checkTagAddressingInput,
  type Tag,
  type TagAddressing,
  type TagAddressingAction,
} from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { notify } from '../../../core/notices/notice-store.ts';
import { useAddAddressingMutation, useDeleteAddressingMutation } from '../api/use-tagging-mutations.ts';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { useTagAddressingQuery } from '../api/use-tagging-queries.ts';
import { TagPicker } from './tag-picker.tsx';

const ACTIONS: { value: TagAddressingAction; label: { id: string } }[] = [
  { value: 'direct_posts', label: { id: 'tagging.addressing.directPosts' } },
  { value: 'broadcast', label: { id: 'tagging.addressing.broadcast' } },
];
const PROBLEMS: Record<string, { id: string }> = {
  user_tag_from: { id: 'tagging.addressing.needFrom' },
  user_tag_to: { id: 'tagging.addressing.needTo' },
  actions: { id: 'tagging.addressing.needAction' },
};

/** Addressing of user tags (spec mgmt §3, §5): source tag, actions and recipient tags. */
export function TagAddressingForm() {
  const intl = useIntl();
  const [from, setFrom] = useState<Tag | null>(null);
  const [to, setTo] = useState<Tag[]>([]);
  const [actions, setActions] = useState<TagAddressingAction[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<TagAddressing | null>(null);
  const rules = useTagAddressingQuery();
  const failed = () => notify({ messageId: 'tagging.error.update', variant: 'error' });
  const add = useAddAddressingMutation({
    onSuccess: () => {
      setFrom(null);
      setTo([]);
      setActions([]);
      notify({ messageId: 'tagging.saved', variant: 'success' });
    },
    onError: failed,
  });
  const remove = useDeleteAddressingMutation({
    onSuccess: () => setRemoving(null),
    onError: () => {
      setRemoving(null);
      failed();
    },
  });
  const nameOf = (rule: TagAddressing, id: number) => rule.tag_names[String(id)] ?? String(id);
  const summary = (rule: TagAddressing) =>
    `${nameOf(rule, rule.user_tag_from)} → ${rule.user_tag_to.map((id) => nameOf(rule, id)).join(', ')}`;

  const save = () => {
    const body = { user_tag_from: from?.id ?? null, user_tag_to: to.map((tag) => tag.id), actions };
    const problems = checkTagAddressingInput(body);
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, intl.formatMessage(PROBLEMS[p.field]!)])));
      return;
    }
    setErrors({});
    add.mutate(body);
  };

  return (
    <Box data-testid="tag-addressing" sx={{ display: 'grid', gap: 2, minWidth: 0, maxWidth: 720 }}>
      <TagPicker
        type="user"
        name="user_tag_from"
        label={intl.formatMessage({ id: 'tagging.addressing.from' })}
        helperText={errors.user_tag_from ?? ' '}
        error={Boolean(errors.user_tag_from)}
        value={from}
        onChange={setFrom}
        testId="addressing-from"
      />
      <Box>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="tagging.addressing.actions" />
        </Typography>
        <FormGroup row>
          {ACTIONS.map((action) => (
            <FormControlLabel
              key={action.value}
              control={
                <Checkbox
                  checked={actions.includes(action.value)}
                  onChange={(e) =>
                    setActions((list) =>
                      e.target.checked ? [...list, action.value] : list.filter((a) => a !== action.value),
                    )
                  }
                />
              }
              label={intl.formatMessage(action.label)}
            />
          ))}
        </FormGroup>
        {errors.actions && <FormHelperText error>{errors.actions}</FormHelperText>}
      </Box>
      <TagPicker
        multiple
        type="user"
        name="user_tag_to"
        label={intl.formatMessage({ id: 'tagging.addressing.to' })}
        helperText={errors.user_tag_to ?? ' '}
        error={Boolean(errors.user_tag_to)}
        value={to}
        onChange={setTo}
        testId="addressing-to"
      />
      <Box>
        <Button variant="contained" onClick={save} data-testid="addressing-save">
          <FormattedMessage id="tagging.action.save" />
        </Button>
      </Box>
      {rules.isError && (
        <Alert severity="error">
          <FormattedMessage id="tagging.error.load" />
        </Alert>
      )}
      <Typography variant="h6" component="h2">
        <FormattedMessage id="tagging.addressing.rules" />
      </Typography>
      <List dense>
        {(rules.data ?? []).map((rule) => (
          <ListItem
            key={rule.id}
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={`${intl.formatMessage({ id: 'tagging.action.delete' })}: ${summary(rule)}`}
                onClick={() => setRemoving(rule)}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            }
          >
            <ListItemText
              primary={summary(rule)}
              secondary={rule.actions
                .map((a) => intl.formatMessage(ACTIONS.find((x) => x.value === a)!.label))
                .join(', ')}
            />
          </ListItem>
        ))}
        {rules.data?.length === 0 && (
          <ListItem>
            <ListItemText primary={<FormattedMessage id="tagging.empty" />} />
          </ListItem>
        )}
      </List>
      <ConfirmDialog
        open={removing !== null}
        title={<FormattedMessage id="tagging.addressing.deleteTitle" />}
        text={removing ? summary(removing) : ''}
        confirmLabel={<FormattedMessage id="tagging.action.delete" />}
        cancelLabel={<FormattedMessage id="tagging.action.cancel" />}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id)}
        testId="addressing-delete-dialog"
      />
    </Box>
  );
}
