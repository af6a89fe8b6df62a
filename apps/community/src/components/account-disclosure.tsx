import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useLocation } from '../app/site-router.tsx';

/**
 * A phone's or tablet's account button: the member's avatar, which shows and hides a panel of what does not fit
 * beside it in a 390 px navbar (messages, points, sign out). A disclosure, not a menu: its links and
 * buttons are reached by Tab like any other; Escape or a click elsewhere closes it, and it closes
 * after a move to another page.
 */
export function AccountDisclosure({
  username,
  avatar,
  unseen,
  children,
}: {
  username: string | undefined;
  avatar: string | null | undefined;
  /** A count shown on the avatar (unread messages), 0 for none. */
  unseen: number;
  children: ReactNode;
}) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const escape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    button.current?.focus();
  };
  return (
    <Box ref={root} onKeyDown={escape} sx={{ position: 'relative', display: { xs: 'block', md: 'none' } }}>
      <Button
        ref={button}
        color="inherit"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        sx={{ minWidth: 0, p: 0.5, borderRadius: '50%' }}
      >
        {/* Named by its hidden text, not an aria-label: the avatar's letter is decoration. */}
        <Badge badgeContent={unseen} color="secondary" overlap="circular" aria-hidden="true">
          <Avatar src={avatar ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
            {username?.slice(0, 1).toUpperCase()}
          </Avatar>
        </Badge>
        <Box component="span" sx={visuallyHidden}>
          {intl.formatMessage({ id: 'site.account.button' }, { username: username ?? '', count: unseen })}
        </Box>
      </Button>
      <Paper
        id={panelId}
        elevation={4}
        hidden={!open}
        sx={{
          position: 'absolute',
          right: 0,
          top: '100%',
          mt: 1,
          zIndex: 'modal',
          minWidth: 200,
          p: 1,
          color: 'text.primary',
        }}
      >
        <Typography variant="subtitle2" sx={{ px: 1, py: 0.5 }}>
          {username}
        </Typography>
        <Stack
          sx={{
            alignItems: 'stretch',
            '& > a, & > button': { justifyContent: 'flex-start', textTransform: 'none' },
          }}
        >
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
