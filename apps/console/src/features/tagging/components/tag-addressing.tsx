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
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { checkTagAddressingInput, type TagAddressingAction } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { notify } from '../../../core/notices/notice-store.ts';
import { useAddAddressingMutation, useDeleteAddressingMutation } from '../api/use-tagging-mutations.ts';
import { useTagAddressingQuery, useTagsQuery } from '../api/use-tagging-queries.ts';

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
  const [from, setFrom] = useState<number | ''>('');
  const [to, setTo] = useState<number[]>([]);
  const [actions, setActions] = useState<TagAddressingAction[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const tags = useTagsQuery('user');
  const rules = useTagAddressingQuery();
  const names = new Map((tags.data?.results ?? []).map((t) => [t.id, t.name]));
  const failed = () => notify({ messageId: 'tagging.error.update', variant: 'error' });
  const add = useAddAddressingMutation({
    onSuccess: () => {
      setFrom('');
      setTo([]);
      setActions([]);
      notify({ messageId: 'tagging.saved', variant: 'success' });
    },
    onError: failed,
  });
  const remove = useDeleteAddressingMutation({ onError: failed });

  const save = () => {
    const body = { user_tag_from: from === '' ? null : from, user_tag_to: to, actions };
    const problems = checkTagAddressingInput(body);
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, intl.formatMessage(PROBLEMS[p.field]!)])));
      return;
    }
    setErrors({});
    add.mutate(body);
  };

  const tagOptions = (tags.data?.results ?? []).map((tag) => (
    <MenuItem key={tag.id} value={tag.id}>
      {tag.name}
    </MenuItem>
  ));

  return (
    <Box data-testid="tag-addressing" sx={{ display: 'grid', gap: 2, minWidth: 0, maxWidth: 720 }}>
      <TextField
        select
        name="user_tag_from"
        label={intl.formatMessage({ id: 'tagging.addressing.from' })}
        value={from}
        onChange={(e) => setFrom(Number(e.target.value))}
        error={Boolean(errors.user_tag_from)}
        helperText={errors.user_tag_from}
      >
        {tagOptions}
      </TextField>
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
      <TextField
        select
        name="user_tag_to"
        label={intl.formatMessage({ id: 'tagging.addressing.to' })}
        value={to}
        onChange={(e) => {
          const value = e.target.value as unknown;
          setTo(Array.isArray(value) ? value.map(Number) : []);
        }}
        slotProps={{ select: { multiple: true } }}
        error={Boolean(errors.user_tag_to)}
        helperText={errors.user_tag_to}
      >
        {tagOptions}
      </TextField>
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
                aria-label={intl.formatMessage({ id: 'tagging.action.delete' })}
                onClick={() => remove.mutate(rule.id)}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            }
          >
            <ListItemText
              primary={`${names.get(rule.user_tag_from) ?? rule.user_tag_from} → ${rule.user_tag_to
                .map((id) => names.get(id) ?? id)
                .join(', ')}`}
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
    </Box>
  );
}
