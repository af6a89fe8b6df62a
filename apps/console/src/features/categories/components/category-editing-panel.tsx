import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  CATEGORY_AUTO_FOLLOW,
  CATEGORY_CONTENT_SORTING,
  CATEGORY_SLOGAN_MAX,
  type CategoryAutoFollow,
  type CategoryContentSorting,
} from '@agora/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCategoryNameQuery } from '../api/use-categories-queries.ts';
import { withName, type CategoryDraft } from '../model/category-draft.ts';

const SORTING_LABELS: Record<CategoryContentSorting, string> = {
  recent: 'categories.sorting.recent',
  last_activity: 'categories.sorting.lastActivity',
  relevance: 'categories.sorting.relevance',
};

const AUTO_FOLLOW_LABELS: Record<CategoryAutoFollow, { label: string; help: string }> = {
  none: { label: 'categories.autoFollow.none', help: 'categories.autoFollow.noneHelp' },
  preselection: {
    label: 'categories.autoFollow.preselection',
    help: 'categories.autoFollow.preselectionHelp',
  },
  forced: { label: 'categories.autoFollow.forced', help: 'categories.autoFollow.forcedHelp' },
};

export interface PanelProps {
  draft: CategoryDraft;
  onDraft: (draft: CategoryDraft) => void;
  /** The translated problem of a field, if any. */
  error: (field: string) => string | undefined;
}

/** The editing panel also knows which category it edits: its own title is not 'taken'. */
export interface EditingPanelProps extends PanelProps {
  categoryId: number | null;
}

/** The editing panel: title, synonyms, permalink, slogan, who creates contents, sorting, auto-follow, enabled. */
export function CategoryEditingPanel({ draft, onDraft, error, categoryId }: EditingPanelProps) {
  const intl = useIntl();
  const lookup = useCategoryNameQuery(draft.name);
  const taken =
    lookup.data?.exists === true &&
    lookup.data.id !== categoryId &&
    lookup.data.name.toLowerCase() === draft.name.trim().toLowerCase();
  const set = <K extends keyof CategoryDraft>(field: K, value: CategoryDraft[K]) =>
    onDraft({ ...draft, [field]: value });
  const text = (id: string) => intl.formatMessage({ id });
  return (
    <Stack spacing={2}>
      <TextField
        name="name"
        label={text('categories.field.name')}
        value={draft.name}
        onChange={(event) => onDraft(withName(draft, event.target.value))}
        error={Boolean(error('name')) || taken}
        helperText={error('name') ?? (taken ? text('categories.error.titleUnique') : undefined)}
        required
        autoFocus
      />
      <TextField
        name="name_synonyms"
        label={text('categories.field.synonyms')}
        value={draft.name_synonyms}
        onChange={(event) => set('name_synonyms', event.target.value)}
        error={Boolean(error('name_synonyms'))}
        helperText={error('name_synonyms') ?? text('categories.field.synonymsHelp')}
        multiline
        minRows={2}
      />
      <TextField
        name="slug"
        label={text('categories.field.slug')}
        value={draft.slug}
        onChange={(event) => onDraft({ ...draft, slug: event.target.value, slugEdited: true })}
        error={Boolean(error('slug'))}
        helperText={error('slug') ?? text('categories.field.slugHelp')}
      />
      <TextField
        name="slogan"
        label={text('categories.field.slogan')}
        value={draft.slogan}
        onChange={(event) => set('slogan', event.target.value)}
        error={Boolean(error('slogan')) || draft.slogan.trim().length > CATEGORY_SLOGAN_MAX}
        helperText={
          error('slogan') ??
          intl.formatMessage(
            { id: 'categories.field.sloganCount' },
            { count: draft.slogan.trim().length, max: CATEGORY_SLOGAN_MAX },
          )
        }
        multiline
        minRows={2}
      />
      <FormControl>
        <FormLabel id="category-creation-label">
          <FormattedMessage id="categories.field.creation" />
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby="category-creation-label"
          name="content_only_staff"
          value={draft.content_only_staff ? 'staff' : 'all'}
          onChange={(event) => set('content_only_staff', event.target.value === 'staff')}
        >
          <FormControlLabel value="all" control={<Radio />} label={text('categories.creation.all')} />
          <FormControlLabel value="staff" control={<Radio />} label={text('categories.creation.staff')} />
        </RadioGroup>
      </FormControl>
      <TextField
        select
        name="stream_order_by"
        label={text('categories.field.sorting')}
        value={draft.stream_order_by}
        onChange={(event) => set('stream_order_by', event.target.value as CategoryContentSorting)}
        error={Boolean(error('stream_order_by'))}
        helperText={error('stream_order_by')}
      >
        {CATEGORY_CONTENT_SORTING.map((sorting) => (
          <MenuItem key={sorting} value={sorting}>
            {text(SORTING_LABELS[sorting])}
          </MenuItem>
        ))}
      </TextField>
      <FormControl>
        <FormLabel id="category-auto-follow-label">
          <FormattedMessage id="categories.field.autoFollow" />
        </FormLabel>
        <RadioGroup
          aria-labelledby="category-auto-follow-label"
          name="auto_follow"
          value={draft.auto_follow}
          onChange={(event) => set('auto_follow', event.target.value as CategoryAutoFollow)}
        >
          {CATEGORY_AUTO_FOLLOW.map((mode) => (
            <FormControlLabel
              key={mode}
              value={mode}
              control={<Radio />}
              label={text(AUTO_FOLLOW_LABELS[mode].label)}
            />
          ))}
        </RadioGroup>
        <FormHelperText sx={{ mx: 0 }} data-testid="category-auto-follow-help">
          <FormattedMessage id={AUTO_FOLLOW_LABELS[draft.auto_follow].help} />
        </FormHelperText>
      </FormControl>
      <FormControlLabel
        control={
          <Switch
            name="active"
            checked={draft.active}
            onChange={(event) => set('active', event.target.checked)}
          />
        }
        label={text('categories.field.active')}
      />
    </Stack>
  );
}
