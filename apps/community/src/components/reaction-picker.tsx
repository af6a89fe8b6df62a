import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSite } from '../app/site-context.tsx';
import type { ActionTarget, SiteReaction } from '../site-api/action-queries.ts';

/**
 * A member answers a contribution or a comment with one of the community's reactions: the button
 * opens the reactions (arrow keys move, Enter picks); the member's own is marked, picking it again
 * takes it back, another changes it (`…/vote/` with `reaction`).
 */
export function ReactionPicker({
  target,
  id,
  mine,
  refresh,
  small = false,
}: {
  target: ActionTarget;
  id: number;
  /** The member's own reaction now, or null. */
  mine: SiteReaction | null;
  /** The queries showing the target, asked again after a change. */
  refresh: QueryKey[];
  small?: boolean;
}) {
  const intl = useIntl();
  const site = useSite();
  const client = useQueryClient();
  const reactions = useQuery(site.queries.reactions());
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const vote = useMutation({
    mutationFn: (reaction: number) =>
      site.call(`${target}/${id}/vote/`, { method: 'POST', body: { reaction } }),
    onSettled: () => Promise.all(refresh.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
  const open = anchor !== null;
  const size = small ? 18 : 20;
  return (
    <>
      <Button
        id={buttonId}
        size="small"
        variant={mine ? 'contained' : 'outlined'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={vote.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={mine ? <img src={mine.image} alt="" width={size} height={size} /> : undefined}
        sx={{ textTransform: 'none' }}
      >
        {mine ? (
          <FormattedMessage id="site.reaction.mine" values={{ label: mine.label }} />
        ) : (
          <FormattedMessage id="site.reaction.react" />
        )}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId, dense: true } }}
      >
        {reactions.isPending && (
          <MenuItem disabled>
            <FormattedMessage id="site.loading" />
          </MenuItem>
        )}
        {reactions.isError && (
          <MenuItem disabled>
            <FormattedMessage id="site.reaction.unavailable" />
          </MenuItem>
        )}
        {(reactions.data ?? []).map((reaction) => {
          const chosen = mine?.id === reaction.id;
          return (
            <MenuItem
              key={reaction.id}
              role="menuitemradio"
              aria-checked={chosen}
              selected={chosen}
              onClick={() => {
                setAnchor(null);
                vote.mutate(reaction.id);
              }}
            >
              <ListItemIcon>
                <img src={reaction.image} alt="" width={24} height={24} />
              </ListItemIcon>
              <ListItemText
                primary={reaction.label}
                secondary={chosen ? intl.formatMessage({ id: 'site.reaction.takeBack' }) : undefined}
              />
            </MenuItem>
          );
        })}
      </Menu>
      {vote.isError && (
        <Typography role="alert" variant="body2" color="error">
          <FormattedMessage id="site.reaction.failed" />
        </Typography>
      )}
    </>
  );
}
