import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import SvgIcon from '@mui/material/SvgIcon';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from '../app/site-router.tsx';
import { useSite } from '../app/site-context.tsx';

/** A magnifying glass (the site bundles no icon set). */
export function SearchIcon() {
  return (
    <SvgIcon fontSize="small" aria-hidden="true">
      <path d="M15.5 14h-.79l-.28-.27A6.47 6.47 0 0 0 16 9.5 6.5 6.5 0 1 0 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14" />
    </SvgIcon>
  );
}

/** Where a search form leads: the search page with the words (`/search?q=`). */
export function searchPath(text: string): string {
  return `/search?q=${encodeURIComponent(text.trim())}`;
}

/**
 * The navbar's search: a field on wider screens; on phones a button that opens it. It is a plain
 * GET form, so it works before the page hydrates, and goes to the search page through the router after.
 */
export function SiteSearchField() {
  const intl = useIntl();
  const { base } = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  // Opened on a phone: the field takes the focus, so the words can be typed at once.
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);
  const current =
    location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const label = intl.formatMessage({ id: 'site.search.field' });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '');
    if (!text.trim()) return;
    setOpen(false);
    void navigate(searchPath(text));
  };
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
        sx={{ display: { xs: 'inline-flex', sm: 'none' }, order: { xs: 1, sm: 0 } }}
      >
        <SearchIcon />
      </IconButton>
      <Box
        component="form"
        role="search"
        aria-label={intl.formatMessage({ id: 'site.search.siteForm' })}
        id={id}
        action={`${base}/search`}
        method="get"
        onSubmit={submit}
        sx={{
          display: { xs: open ? 'flex' : 'none', sm: 'flex' },
          order: { xs: 3, sm: 0 },
          flexBasis: { xs: '100%', sm: 'auto' },
          alignItems: 'center',
          bgcolor: 'background.paper',
          color: 'text.primary',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          pl: 1,
          '&:focus-within': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
        }}
      >
        {/* A plain field: the navbar is on every first page, and MUI's input would weigh on all of them. */}
        <Box
          component="input"
          key={current}
          name="q"
          type="search"
          ref={field}
          defaultValue={current}
          placeholder={label}
          aria-label={label}
          maxLength={200}
          sx={{
            width: { xs: '100%', sm: 160, md: 200 },
            minWidth: 0,
            flexGrow: { xs: 1, sm: 0 },
            py: 0.75,
            border: 0,
            outline: 0,
            bgcolor: 'transparent',
            color: 'inherit',
            font: 'inherit',
            fontSize: '0.95rem',
            '&::placeholder': { color: 'text.secondary', opacity: 1 },
          }}
        />
        <IconButton type="submit" size="small" aria-label={intl.formatMessage({ id: 'site.search.submit' })}>
          <SearchIcon />
        </IconButton>
      </Box>
    </>
  );
}
