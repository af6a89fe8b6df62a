import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CATEGORY_IMAGE_MAX_MB,
  CATEGORY_IMAGE_SUGGESTED,
  IMAGE_SNIFF_BYTES,
  MB,
  sniffImageFormat,
  type CategoryImageKind,
} from '@agora/contract';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMediaUrl } from '../../../core/stack/use-media-url.ts';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

const LABELS: Record<CategoryImageKind, string> = {
  image: 'categories.image.image',
  thumbnail: 'categories.image.thumbnail',
};

export type ImageProblem = 'format' | 'size' | 'failed';

export const IMAGE_PROBLEM_MESSAGES: Record<ImageProblem, string> = {
  format: 'categories.image.errorFormat',
  size: 'categories.image.errorSize',
  failed: 'categories.image.errorUpload',
};

/** The server's checks, made first here (size, magic bytes); the server stays the guard. */
async function precheck(file: File): Promise<ImageProblem | null> {
  if (file.size === 0 || file.size > CATEGORY_IMAGE_MAX_MB * MB) return file.size === 0 ? 'format' : 'size';
  const head = new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
  return sniffImageFormat(head) ? null : 'format';
}

/**
 * One image of a category: what it shows now, the suggested size, a picker and a remove button.
 * The choice is held (`pending`: a file, or null to remove) and stored when the dialog saves.
 */
export function CategoryImageField({
  kind,
  url,
  pending,
  onPending,
  problem,
  onProblem,
  objectPosition = 'center',
}: {
  kind: CategoryImageKind;
  /** The stored image's address, if any. */
  url: string | null;
  /** undefined: unchanged; a file: to upload; null: to remove. */
  pending: File | null | undefined;
  onPending: (next: File | null | undefined) => void;
  problem: ImageProblem | null;
  onProblem: (problem: ImageProblem | null) => void;
  /** Where the picture sits in its frame (the image's vertical position). */
  objectPosition?: string;
}) {
  const intl = useIntl();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const local = useMemo(() => (pending ? URL.createObjectURL(pending) : null), [pending]);
  useEffect(
    () => () => {
      if (local) URL.revokeObjectURL(local);
    },
    [local],
  );
  const [checking, setChecking] = useState(false);
  const mediaUrl = useMediaUrl();
  const shown = pending === null ? null : (local ?? (url ? mediaUrl(url) : url));
  const suggested = CATEGORY_IMAGE_SUGGESTED[kind];
  const label = intl.formatMessage({ id: LABELS[kind] });
  const wide = kind === 'image';

  async function picked(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    setChecking(true);
    const found = await precheck(file);
    setChecking(false);
    onProblem(found);
    if (!found) onPending(file);
  }

  return (
    <Box data-testid={`category-image-${kind}`} sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle1" component="h3">
        {label}
      </Typography>
      <Box
        sx={{
          height: wide ? 120 : 96,
          width: wide ? '100%' : 96,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'action.hover',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {shown ? (
          <Box
            component="img"
            src={shown}
            alt={label}
            data-testid={`category-image-preview-${kind}`}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', objectPosition }}
          />
        ) : (
          <Stack sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <ImageOutlined />
            <Typography variant="body2">
              <FormattedMessage id="categories.image.none" />
            </Typography>
          </Stack>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" data-testid={`category-image-hint-${kind}`}>
        <FormattedMessage
          id="categories.image.hint"
          values={{ width: suggested.width, height: suggested.height, size: CATEGORY_IMAGE_MAX_MB }}
        />
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          startIcon={<CloudUploadOutlined />}
          disabled={checking}
        >
          <FormattedMessage
            id={shown ? 'categories.image.replace' : 'categories.image.upload'}
            values={{ label }}
          />
        </Button>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT}
          hidden
          data-testid={`category-image-input-${kind}`}
          onChange={(event) => void picked(event.target.files?.[0])}
        />
        {shown && (
          <Button
            color="error"
            startIcon={<DeleteOutline />}
            onClick={() => {
              onProblem(null);
              onPending(url ? null : undefined);
            }}
            data-testid={`category-image-remove-${kind}`}
          >
            <FormattedMessage id="categories.image.remove" values={{ label }} />
          </Button>
        )}
      </Stack>
      {problem && (
        <FormHelperText error data-testid={`category-image-error-${kind}`}>
          <FormattedMessage id={IMAGE_PROBLEM_MESSAGES[problem]} values={{ size: CATEGORY_IMAGE_MAX_MB }} />
        </FormHelperText>
      )}
    </Box>
  );
}
