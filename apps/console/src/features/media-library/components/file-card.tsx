import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { MediaFile } from '@agora/contract';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useMediaUrl } from '../../../core/stack/use-media-url.ts';
import { formatBytes } from './media-messages.ts';

export interface FileCardProps {
  file: MediaFile;
  onCopy: (file: MediaFile) => void;
  onEdit: (file: MediaFile) => void;
  onDelete: (file: MediaFile) => void;
}

/** One image of the grid: its thumbnail, name, size, dimensions, date and author, and what to do with it. */
export function FileCard({ file, onCopy, onEdit, onDelete }: FileCardProps) {
  const intl = useIntl();
  const mediaUrl = useMediaUrl();
  const named = (id: string) => intl.formatMessage({ id }, { name: file.name });
  return (
    <Card
      component="li"
      variant="outlined"
      data-testid="media-file"
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      <Box
        sx={{
          aspectRatio: '4 / 3',
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
        }}
      >
        <Box
          component="img"
          src={mediaUrl(file.thumbnail)}
          alt={file.alt}
          loading="lazy"
          sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        />
      </Box>
      <CardContent sx={{ flexGrow: 1, pb: 0 }}>
        <Typography
          component="h2"
          variant="subtitle1"
          sx={{ overflowWrap: 'anywhere' }}
          data-testid="media-file-name"
        >
          {file.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatBytes(intl, file.bytes)} ·{' '}
          <FormattedMessage
            id="mediaLibrary.file.dimensions"
            values={{ width: file.width, height: file.height }}
          />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage
            id={file.created_by ? 'mediaLibrary.file.added' : 'mediaLibrary.file.addedNoAuthor'}
            values={{
              date: <FormattedDate value={file.created_at} dateStyle="medium" />,
              author: file.created_by?.username ?? '',
            }}
          />
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        <Button size="small" aria-label={named('mediaLibrary.action.copyNamed')} onClick={() => onCopy(file)}>
          <FormattedMessage id="mediaLibrary.action.copy" />
        </Button>
        <Button size="small" aria-label={named('mediaLibrary.action.editNamed')} onClick={() => onEdit(file)}>
          <FormattedMessage id="mediaLibrary.action.edit" />
        </Button>
        <Button
          size="small"
          color="error"
          aria-label={named('mediaLibrary.action.deleteNamed')}
          onClick={() => onDelete(file)}
        >
          <FormattedMessage id="mediaLibrary.action.delete" />
        </Button>
      </CardActions>
    </Card>
  );
}
