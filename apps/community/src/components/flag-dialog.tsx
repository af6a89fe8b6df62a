import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSite } from '../app/site-context.tsx';
import { FLAG_TYPES, type ActionTarget, type FlagType } from '../site-api/action-queries.ts';

const REASONS: Record<FlagType, { label: string; help: string }> = {
  spam: { label: 'site.flag.reason.spam', help: 'site.flag.help.spam' },
  aggressive: { label: 'site.flag.reason.aggressive', help: 'site.flag.help.aggressive' },
  vulgar: { label: 'site.flag.reason.vulgar', help: 'site.flag.help.vulgar' },
  poor: { label: 'site.flag.reason.poor', help: 'site.flag.help.poor' },
  offtopic: { label: 'site.flag.reason.offtopic', help: 'site.flag.help.offtopic' },
};

/**
 * A member reports a contribution or a comment with one of SelfCommunity's five reasons; once
 * reported, the place says so (read from `flag/status/`) and the report can be changed or withdrawn
 * (the same reason again takes it back). A comment's status is asked only once the member opens
 * its dialog, so a long thread costs no call per comment.
 */
export function FlagButton({
  target,
  id,
  eager = false,
  small = false,
}: {
  target: ActionTarget;
  id: number;
  /** Read the member's report with the page (the contribution) rather than on demand (comments). */
  eager?: boolean;
  small?: boolean;
}) {
  const site = useSite();
  const client = useQueryClient();
  const [asked, setAsked] = useState(eager);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<number | null>(null);
  const titleId = useId();
  const own = useQuery({ ...site.queries.ownFlag(target, id), enabled: asked });
  const current = own.data?.flag_type ?? null;
  const send = useMutation({
    mutationFn: (flagType: number) =>
      site.call(`${target}/${id}/flag/`, { method: 'POST', body: { flag_type: flagType } }),
    onSuccess: async () => {
      setOpen(false);
      await client.invalidateQueries({ queryKey: ['member', 'flag', target, id] });
    },
  });
  const openDialog = () => {
    setAsked(true);
    setChoice(current);
    send.reset();
    setOpen(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice !== null) send.mutate(choice);
  };
  const reason = current === null ? undefined : FLAG_TYPES[current];
  const reported = reason !== undefined;
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {reported && (
          <Typography variant={small ? 'caption' : 'body2'} color="text.secondary" role="status">
            <FormattedMessage
              id="site.flag.reported"
              values={{ reason: <FormattedMessage id={REASONS[reason].label} /> }}
            />
          </Typography>
        )}
        <Button size="small" color="inherit" onClick={openDialog} sx={{ textTransform: 'none' }}>
          <FormattedMessage id={reported ? 'site.flag.change' : 'site.flag.report'} />
        </Button>
      </Stack>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <form onSubmit={submit}>
          <DialogTitle id={titleId}>
            <FormattedMessage id={target === 'comment' ? 'site.flag.titleComment' : 'site.flag.title'} />
          </DialogTitle>
          <DialogContent>
            <RadioGroup
              aria-labelledby={titleId}
              name={`flag-${target}-${id}`}
              value={choice === null ? '' : String(choice)}
              onChange={(event) => setChoice(Number(event.target.value))}
            >
              {FLAG_TYPES.map((type, index) => (
                <FormControlLabel
                  key={type}
                  value={String(index)}
                  control={<Radio />}
                  label={
                    <span>
                      <FormattedMessage id={REASONS[type].label} />
                      <Typography
                        component="span"
                        variant="body2"
                        color="text.secondary"
                        sx={{ display: 'block' }}
                      >
                        <FormattedMessage id={REASONS[type].help} />
                      </Typography>
                    </span>
                  }
                  sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
                />
              ))}
            </RadioGroup>
            {send.isError && (
              <Typography role="alert" color="error" variant="body2">
                <FormattedMessage id="site.flag.failed" />
              </Typography>
            )}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {reported && (
              <Button
                color="inherit"
                disabled={send.isPending}
                onClick={() => current !== null && send.mutate(current)}
              >
                <FormattedMessage id="site.flag.withdraw" />
              </Button>
            )}
            <Button onClick={() => setOpen(false)}>
              <FormattedMessage id="site.flag.cancel" />
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={choice === null || choice === current || send.isPending}
            >
              <FormattedMessage id="site.flag.send" />
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
