import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { Tag, TagType } from '@agora/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useTagPageQuery } from '../api/use-tagging-queries.ts';
import { useDebouncedValue } from '../model/use-debounced-value.ts';

/** How many tags the picker offers at once; typing searches all of them on the server. */
const PICKER_SIZE = 50;

/**
 * Chooses one tag of a type: the first tags by name, and any other by typing (searched on the
 * server, so a community with more tags than one page still reaches each).
 */
export function TagPicker({
  type,
  value,
  onChange,
}: {
  type: TagType;
  value: Tag | null;
  onChange: (tag: Tag | null) => void;
}) {
  const intl = useIntl();
  const [input, setInput] = useState('');
  // The chosen tag's name in the field is not a search: the picker then offers every tag again.
  const typed = value && input === value.name ? '' : input;
  const search = useDebouncedValue(typed);
  const tags = useTagPageQuery(type, search, 0, PICKER_SIZE);
  return (
    <Autocomplete
      options={tags.data?.results ?? []}
      value={value}
      onChange={(_event, tag) => onChange(tag)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      filterOptions={(options) => options}
      getOptionLabel={(tag) => tag.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={tags.isFetching}
      loadingText={intl.formatMessage({ id: 'list.loading' })}
      noOptionsText={intl.formatMessage({
        id: search === '' ? 'tagging.assignment.noTags' : 'tagging.assignment.noTagFound',
      })}
      renderOption={({ key, ...props }, tag) => (
        <Box component="li" key={key} {...props}>
          <Box
            component="span"
            aria-hidden
            sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: tag.color, mr: 1, flex: 'none' }}
          />
          {tag.name}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name="tag"
          label={intl.formatMessage({ id: 'tagging.assignment.pickTag' })}
          helperText={intl.formatMessage({ id: 'tagging.assignment.pickTagHelp' })}
        />
      )}
      data-testid="tag-picker"
    />
  );
}
