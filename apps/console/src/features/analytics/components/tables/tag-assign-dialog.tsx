import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { notify } from '../../../../core/notices/notice-store.ts';
import { useAssignUserTagsMutation, useUserTags } from '../../api/analytics-api.ts';

/** Gives user tags to the users selected in the table; a failure says 'Sorry! An error occurred in the tag assignment…'. */
export function TagAssignDialog({
  open,
  userIds,
  onClose,
  onAssigned,
}: {
  open: boolean;
  userIds: number[];
  onClose: () => void;
  onAssigned: () => void;
}) {
  const tags = useUserTags(open);
  const [chosen, setChosen] = useState<number[]>([]);
  const mutation = useAssignUserTagsMutation(userIds, {
    onSuccess: () => {
      notify({ messageId: 'analytics.tags.assigned', values: { count: userIds.length }, variant: 'success' });
      setChosen([]);
      onAssigned();
    },
    onError: () => notify({ messageId: 'analyticsTable.errorAssignTags', variant: 'error' }),
  });
  const toggle = (id: number) =>
    setChosen((current) => (current.includes(id) ? current.filter((one) => one !== id) : [...current, id]));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="tag-assign-dialog">
      <DialogTitle>
        <FormattedMessage id="analytics.tags.title" />
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          <FormattedMessage id="analytics.tags.intro" values={{ count: userIds.length }} />
        </Typography>
        {tags.isPending && <Skeleton variant="rounded" height={80} />}
        {tags.isError && (
          <Alert severity="error">
            <FormattedMessage id="analyticsTable.errorAssignTags" />
          </Alert>
        )}
        {tags.data?.length === 0 && (
          <Typography color="text.secondary">
            <FormattedMessage id="analytics.tags.none" />
          </Typography>
        )}
        <FormGroup>
          {tags.data?.map((tag) => (
            <FormControlLabel
              key={tag.id}
              control={
                <Checkbox
                  checked={chosen.includes(tag.id)}
                  onChange={() => toggle(tag.id)}
                  sx={tag.color ? { color: tag.color, '&.Mui-checked': { color: tag.color } } : undefined}
                />
              }
              label={tag.name}
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="analytics.cancel" />
        </Button>
        <Button
          variant="contained"
          disabled={chosen.length === 0 || userIds.length === 0 || mutation.isPending}
          onClick={() => mutation.mutate(chosen)}
          data-testid="tag-assign-submit"
        >
          <FormattedMessage id="analytics.tags.assign" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
