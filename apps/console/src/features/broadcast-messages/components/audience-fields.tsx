import Autocomplete from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  BROADCAST_AUDIENCES,
  type BroadcastAudience,
  type BroadcastTagChoice,
  type BroadcastUserChoice,
} from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useTagChoicesQuery, useUserChoicesQuery } from '../api/use-broadcast-queries.ts';

const AUDIENCE_LABEL: Record<BroadcastAudience, string> = {
  all: 'broadcast.audience.all',
  tags: 'broadcast.audience.tags',
  users: 'broadcast.audience.users',
};

interface Props {
  audience: BroadcastAudience;
  tags: BroadcastTagChoice[];
  users: BroadcastUserChoice[];
  onAudience: (value: BroadcastAudience) => void;
  onTags: (value: BroadcastTagChoice[]) => void;
  onUsers: (value: BroadcastUserChoice[]) => void;
  message: (field: string) => string | undefined;
}

/** Who gets the message: everyone, holders of some user tags, or chosen members (searched by name). */
export function AudienceFields({ audience, tags, users, onAudience, onTags, onUsers, message }: Props) {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const tagChoices = useTagChoicesQuery();
  const userChoices = useUserChoicesQuery(search.trim());
  return (
    <>
      <FormControl error={Boolean(message('audience'))}>
        <FormLabel id="broadcast-audience-label">
          <FormattedMessage id="broadcast.field.audience" />
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby="broadcast-audience-label"
          name="audience"
          value={audience}
          onChange={(e) => onAudience(e.target.value as BroadcastAudience)}
        >
          {BROADCAST_AUDIENCES.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={intl.formatMessage({ id: AUDIENCE_LABEL[value] })}
            />
          ))}
        </RadioGroup>
        {message('audience') && <FormHelperText>{message('audience')}</FormHelperText>}
      </FormControl>
      {audience === 'tags' && (
        <Autocomplete
          multiple
          options={tagChoices.data ?? []}
          loading={tagChoices.isLoading}
          value={tags}
          onChange={(_, value) => onTags(value)}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => (
            <TextField
              {...params}
              name="audience_tags"
              label={intl.formatMessage({ id: 'broadcast.field.tags' })}
              error={Boolean(message('audience_tags'))}
              helperText={
                message('audience_tags') ??
                (tagChoices.isError ? intl.formatMessage({ id: 'broadcast.error.choices' }) : undefined)
              }
            />
          )}
          data-testid="broadcast-tags"
        />
      )}
      {audience === 'users' && (
        <Autocomplete
          multiple
          options={userChoices.data ?? []}
          loading={userChoices.isFetching}
          value={users}
          filterOptions={(options) => options}
          onInputChange={(_, value, reason) => reason === 'input' && setSearch(value)}
          onChange={(_, value) => onUsers(value)}
          getOptionLabel={(option) => option.username}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => (
            <TextField
              {...params}
              name="audience_users"
              label={intl.formatMessage({ id: 'broadcast.field.users' })}
              error={Boolean(message('audience_users'))}
              helperText={
                message('audience_users') ??
                (userChoices.isError ? intl.formatMessage({ id: 'broadcast.error.choices' }) : undefined)
              }
            />
          )}
          data-testid="broadcast-users"
        />
      )}
    </>
  );
}
