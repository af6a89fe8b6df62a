import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { MediaFolderList } from '@agora/contract';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** The library's places: its top and each folder, with their image counts; the current one is pressed. */
export function FolderBar({
  folders,
  current,
  onOpen,
}: {
  folders: MediaFolderList | undefined;
  current: number | null;
  onOpen: (folder: number | null) => void;
}) {
  const intl = useIntl();
  const headingId = useId();
  const places = [
    { id: null, name: intl.formatMessage({ id: 'mediaLibrary.top' }), count: folders?.top_files ?? 0 },
    ...(folders?.results ?? []).map((f) => ({ id: f.id, name: f.name, count: f.files })),
  ];
  return (
    <Box component="nav" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        <FormattedMessage id="mediaLibrary.folders" />
      </Typography>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
        {places.map((place) => (
          <li key={place.id ?? 'top'}>
            <Chip
              clickable
              data-testid="media-folder"
              color={place.id === current ? 'primary' : 'default'}
              variant={place.id === current ? 'filled' : 'outlined'}
              aria-pressed={place.id === current}
              label={intl.formatMessage(
                { id: 'mediaLibrary.folderCount' },
                { name: place.name, count: place.count },
              )}
              onClick={() => onOpen(place.id)}
            />
          </li>
        ))}
      </Box>
    </Box>
  );
}
