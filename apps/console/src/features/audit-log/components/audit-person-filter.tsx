import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { AuditPerson } from '@agora/contract';
import { useIntl } from 'react-intl';
import { useAuditPeople } from '../api/audit-log-api.ts';
import { personLabel } from './audit-event.tsx';

type Person = AuditPerson & { id: number };

/** Who made the change: typed text is searched on the server among the log's authors. */
export function AuditPersonFilter({ onChange }: { onChange: (id: string) => void }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [value, setValue] = useState<Person | null>(null);
  const people = useAuditPeople(search, open);
  return (
    <Autocomplete<Person>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_, person) => {
        setValue(person);
        onChange(person ? String(person.id) : '');
      }}
      onInputChange={(_, text, reason) => {
        // Choosing a person fills the box with their label: that is no new search.
        if (reason === 'input') setSearch(text);
        else if (reason === 'clear') setSearch('');
      }}
      options={people.data?.results ?? []}
      filterOptions={(options) => options}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(person) => personLabel(person, intl)}
      loading={people.isFetching}
      noOptionsText={intl.formatMessage({ id: 'auditLog.filter.nobody' })}
      sx={{ minWidth: 240 }}
      renderInput={(params) => (
        <TextField
          {...params}
          name="person"
          label={intl.formatMessage({ id: 'auditLog.filter.person' })}
          placeholder={intl.formatMessage({ id: 'auditLog.filter.personHint' })}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'audit-filter-person' },
          }}
        />
      )}
    />
  );
}
