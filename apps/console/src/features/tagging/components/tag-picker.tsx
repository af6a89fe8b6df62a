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

interface FieldProps {
  type: TagType;
  /** The field's name and label; the help or the error below it. */
  name?: string;
  label?: string;
  helperText?: string;
  error?: boolean;
  testId?: string;
}

type ChoiceProps =
  | { multiple?: false; value: Tag | null; onChange: (tag: Tag | null) => void }
  | { multiple: true; value: Tag[]; onChange: (tags: Tag[]) => void };

/**
 * Chooses one tag of a type, or several (`multiple`): the first tags by name, and any other by
 * typing (searched on the server, so a community with more tags than one page still reaches each).
 */
export function TagPicker(props: FieldProps & ChoiceProps) {
  const { type, name = 'tag', label, helperText, error = false, testId = 'tag-picker' } = props;
  const intl = useIntl();
  const [input, setInput] = useState('');
  // The chosen tag's name in a single field is not a search: the picker then offers every tag again.
  const typed = !props.multiple && props.value && input === props.value.name ? '' : input;
  const search = useDebouncedValue(typed);
  const tags = useTagPageQuery(type, search, 0, PICKER_SIZE);
  const failed = tags.isError;
  return (
    <Autocomplete<Tag, boolean>
      multiple={props.multiple ?? false}
      options={tags.data?.results ?? []}
      value={props.value}
      onChange={(_event, chosen) => {
        if (props.multiple) props.onChange((chosen as Tag[] | null) ?? []);
        else props.onChange(chosen as Tag | null);
      }}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      filterOptions={(options) => options}
      filterSelectedOptions={props.multiple ?? false}
      getOptionLabel={(tag) => tag.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={tags.isFetching}
      loadingText={intl.formatMessage({ id: 'list.loading' })}
      noOptionsText={intl.formatMessage({
        id: failed
          ? 'tagging.error.load'
          : search === ''
            ? 'tagging.assignment.noTags'
            : 'tagging.assignment.noTagFound',
      })}
      renderOption={({ key, ...optionProps }, tag) => (
        <Box component="li" key={key} {...optionProps}>
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
          name={name}
          label={label ?? intl.formatMessage({ id: 'tagging.assignment.pickTag' })}
          error={error || failed}
          helperText={
            failed
              ? intl.formatMessage({ id: 'tagging.error.load' })
              : (helperText ?? intl.formatMessage({ id: 'tagging.assignment.pickTagHelp' }))
          }
        />
      )}
      data-testid={testId}
    />
  );
}
