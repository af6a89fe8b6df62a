import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { coverSrcSet } from '@agora/contract';
import type { FeedObject } from '../site-api/site-shapes.ts';
import { StatusPill } from './pills.tsx';

/** An image of a contribution, as the member API's Media object carries it. */
interface ShownImage {
  id: number;
  title: string;
  url: string;
  width: number;
  height: number;
}

/** The images among a contribution's media, in their order. */
export function imagesOf(object: Pick<FeedObject, 'medias'>): ShownImage[] {
  return (object.medias as Record<string, unknown>[]).flatMap((m) =>
    m.type === 'image' && typeof m.url === 'string'
      ? [
          {
            id: Number(m.id),
            title: typeof m.title === 'string' ? m.title : '',
            url: m.url,
            width: Number(m.image_width) || 0,
            height: Number(m.image_height) || 0,
          },
        ]
      : [],
  );
}

function Picture({
  image,
  alt,
  sizes,
  compact,
}: {
  image: ShownImage;
  alt: string;
  sizes: string;
  compact: boolean;
}) {
  const srcSet = coverSrcSet(image.url) || undefined;
  return (
    <Box
      component="img"
      src={image.url}
      {...(srcSet ? { srcSet, sizes } : {})}
      alt={alt}
      {...(image.width && image.height ? { width: image.width, height: image.height } : {})}
      loading="lazy"
      decoding="async"
      sx={
        compact
          ? // A feed card shows a band of the picture, the same height whatever its shape.
            {
              display: 'block',
              width: '100%',
              height: { xs: 160, sm: 220 },
              objectFit: 'cover',
              borderRadius: 1,
            }
          : {
              display: 'block',
              maxWidth: '100%',
              height: 'auto',
              maxHeight: { xs: 360, sm: 520 },
              objectFit: 'contain',
              borderRadius: 1,
              bgcolor: 'action.hover',
            }
      }
    />
  );
}

/** "Scheduled for …" (in the reader's locale) while a contribution waits for its time: its author sees it. */
export function ScheduledMark({ object }: { object: Pick<FeedObject, 'scheduled_at'> }) {
  const intl = useIntl();
  if (!object.scheduled_at) return null;
  const when = intl.formatDate(object.scheduled_at, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <StatusPill>
      <FormattedMessage id="site.media.scheduledFor" values={{ when }} />
    </StatusPill>
  );
}

/**
 * A contribution's images, each with its alternative text (the uploader's description, else "image n of
 * m"), and its publication time while it is scheduled. `compact` (a feed card): the first image only.
 */
export function ContributionMedia({
  object,
  compact = false,
}: {
  object: Pick<FeedObject, 'medias' | 'scheduled_at'>;
  compact?: boolean;
}) {
  const intl = useIntl();
  const images = imagesOf(object);
  const altOf = (image: ShownImage, index: number) =>
    image.title || intl.formatMessage({ id: 'site.media.imageOf' }, { n: index + 1, total: images.length });
  const shown = compact ? images.slice(0, 1) : images;
  if (shown.length === 0 && !object.scheduled_at) return null;
  return (
    <Stack spacing={1.5}>
      <ScheduledMark object={object} />
      {shown.map((image, index) => (
        <Picture
          key={image.id}
          image={image}
          alt={altOf(image, index)}
          compact={compact}
          sizes={compact ? '(max-width: 600px) 100vw, 600px' : '(max-width: 900px) 100vw, 900px'}
        />
      ))}
      {compact && images.length > 1 && (
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="site.media.more" values={{ count: images.length - 1 }} />
        </Typography>
      )}
    </Stack>
  );
}
