import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSite } from '../app/site-context.tsx';
import { NO_PREFERENCES, preferenceOn } from '../site-api/site-queries.ts';
import type { FeedObject } from '../site-api/site-shapes.ts';
import { contributionPath, contributionTitle } from './contribution-link.ts';
import { textAsHtml } from './text-as-html.ts';

/** The social networks a contribution's link can be shared to, each behind its preference. */
const NETWORKS = [
  {
    preference: 'share_post_on_facebook_enabled',
    label: 'site.share.facebook',
    address: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  },
  {
    preference: 'share_post_on_twitter_enabled',
    label: 'site.share.x',
    address: (url: string, title: string) =>
      `https://x.com/intent/post?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
  },
  {
    preference: 'share_post_on_linkedin_enabled',
    label: 'site.share.linkedin',
    address: (url: string) =>
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
  },
] as const;

/**
 * Sharing a contribution: copy its address, open a social network's share page (as the community's
 * preferences allow), or share it to the member's own feed (`share_post_enabled`): SelfCommunity's
 * share media (`POST media/`, which counts the share) and a post of the member that links it.
 */
export function ShareMenu({ object }: { object: FeedObject }) {
  const intl = useIntl();
  const site = useSite();
  const client = useQueryClient();
  const preferences = useQuery(site.queries.preferences()).data ?? NO_PREFERENCES;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [copied, setCopied] = useState<'done' | 'failed' | null>(null);
  const [writing, setWriting] = useState(false);
  const [text, setText] = useState('');
  const [shared, setShared] = useState(false);
  const menuId = useId();
  const buttonId = useId();
  const titleId = useId();
  const url = `${site.origin}${site.base}${contributionPath(object)}`;
  const title = contributionTitle(object, 120);
  const networks = NETWORKS.filter((network) => preferenceOn(preferences, network.preference));
  const toFeed = preferenceOn(preferences, 'share_post_enabled');

  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), 6000);
    return () => clearTimeout(timer);
  }, [copied]);

  const share = useMutation({
    mutationFn: async () => {
      await site.call('media/', { method: 'POST', body: { type: 'share', shared_object: object.id } });
      // The post names the shared contribution and its address (the site shows members' HTML as text).
      const said = [text.trim(), [title, url].filter(Boolean).join('\n')].filter(Boolean).join('\n\n');
      return site.call('post/', { method: 'POST', body: { html: textAsHtml(said) } });
    },
    onSuccess: async () => {
      setWriting(false);
      setText('');
      setShared(true);
      await client.invalidateQueries({ queryKey: ['contribution', object.type, object.id] });
      await client.invalidateQueries({ queryKey: ['member', 'feed'] });
    },
  });

  const copy = async () => {
    setAnchor(null);
    try {
      await navigator.clipboard.writeText(url);
      setCopied('done');
    } catch {
      setCopied('failed');
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    share.mutate();
  };

  return (
    <>
      <Button
        id={buttonId}
        size="small"
        variant="outlined"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none' }}
      >
        <FormattedMessage id="site.share.button" />
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId, dense: true } }}
      >
        <MenuItem onClick={copy}>
          <FormattedMessage id="site.share.copy" />
        </MenuItem>
        {networks.map((network) => (
          <MenuItem
            key={network.preference}
            component="a"
            href={network.address(url, title)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => setAnchor(null)}
          >
            <FormattedMessage id={network.label} />
          </MenuItem>
        ))}
        {toFeed && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              share.reset();
              setWriting(true);
            }}
          >
            <FormattedMessage id="site.share.toFeed" />
          </MenuItem>
        )}
      </Menu>
      <Typography component="span" role="status" variant="body2" color="text.secondary">
        {copied === 'done' && <FormattedMessage id="site.share.copied" />}
        {copied === 'failed' && <FormattedMessage id="site.share.copyFailed" values={{ url }} />}
        {shared && copied === null && <FormattedMessage id="site.share.shared" />}
      </Typography>
      <Dialog
        open={writing}
        onClose={() => setWriting(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        <form onSubmit={submit}>
          <DialogTitle id={titleId}>
            <FormattedMessage id="site.share.toFeedTitle" />
          </DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {title}
            </Typography>
            <TextField
              label={intl.formatMessage({ id: 'site.share.say' })}
              value={text}
              onChange={(event) => setText(event.target.value)}
              multiline
              minRows={2}
              fullWidth
            />
            {share.isError && (
              <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
                <FormattedMessage id="site.share.failed" />
              </Typography>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setWriting(false)}>
              <FormattedMessage id="site.share.cancel" />
            </Button>
            <Button type="submit" variant="contained" disabled={share.isPending}>
              <FormattedMessage id="site.share.send" />
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
