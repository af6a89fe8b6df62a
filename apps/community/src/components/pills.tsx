import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { categoryPath } from './contribution-link.ts';
import { RouterLink } from './router-link.tsx';

/**
 * A small rounded label. The feed shows these on every first page, so they are drawn here rather than
 * with MUI's Chip, whose code the first page would carry for a rounded box.
 */
const PILL = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 24,
  px: 1.25,
  borderRadius: 12,
  fontSize: '0.8125rem',
  lineHeight: 1.4,
} as const;

/** A contribution's category, leading to the category's page. */
export function CategoryPill({ category }: { category: { id: number; name: string; slug: string } }) {
  return (
    <Box
      component={RouterLink}
      to={categoryPath(category)}
      sx={{
        ...PILL,
        bgcolor: 'action.selected',
        color: 'text.primary',
        textDecoration: 'none',
        '&:hover': { bgcolor: 'action.focus' },
        '&:focus-visible': {
          outline: 2,
          outlineStyle: 'solid',
          outlineColor: 'primary.main',
          outlineOffset: 2,
        },
      }}
    >
      {category.name}
    </Box>
  );
}

/** A short status beside a contribution (when a scheduled one will appear). */
export function StatusPill({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{ ...PILL, alignSelf: 'flex-start', border: 1, borderColor: 'divider', color: 'text.secondary' }}
    >
      {children}
    </Box>
  );
}
