import FormControl from '@mui/material/FormControl';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useIntl } from 'react-intl';
import { useStacksQuery } from '../../core/stack/stack-queries.ts';
import { setStack, useStackStore } from '../../core/stack/stack-store.ts';

/** Chooses the community the console works on; the choice is shared with the other tabs. */
export function StackSwitcher() {
  const intl = useIntl();
  const { data: stacks } = useStacksQuery();
  const selectedId = useStackStore((state) => state.selected?.id);
  if (!stacks || stacks.length === 0) return null;
  const value = stacks.some((stack) => stack.id === selectedId) ? String(selectedId) : '';
  return (
    <FormControl size="small" sx={{ minWidth: { xs: 96, sm: 160 }, maxWidth: { xs: 150, sm: 260 } }}>
      <Select
        data-testid="stack-switcher"
        value={value}
        inputProps={{ 'aria-label': intl.formatMessage({ id: 'layout.communitySwitcher' }) }}
        onChange={(event) => {
          const stack = stacks.find((candidate) => String(candidate.id) === event.target.value);
          if (stack) setStack(stack);
        }}
        sx={{ bgcolor: 'background.paper' }}
      >
        {stacks.map((stack) => (
          <MenuItem key={stack.id} value={String(stack.id)}>
            {stack.communityName}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
