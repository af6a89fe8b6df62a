import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  coverSrcSet,
  IMAGE_SNIFF_BYTES,
  imageKindOf,
  imageMaxMb,
  imagePreference,
  ImageErrorCode,
  MB,
  sniffImageFormat,
} from '@agora/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDynamicPreferenceStore } from '../../../core/dynamic-preferences/dynamic-preference-store.ts';
import { isHttpError } from '../../../core/http/http-error.ts';
import { notify } from '../../../core/notices/notice-store.ts';
import { useRemoveThemeImageMutation, useUploadThemeImageMutation } from '../api/theme-api.ts';
import { useMediaUrl } from '../../../core/stack/use-media-url.ts';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

type ImageProblem = 'required' | 'format' | 'size' | 'failed';

const PROBLEM_MESSAGES: Record<ImageProblem, string> = {
  required: 'theme.image.errorRequired',
  format: 'theme.image.errorFormat',
  size: 'theme.image.errorSize',
  failed: 'theme.image.errorUpload',
};

/** The same checks as the server, before sending: the server stays the guard. */
async function precheck(file: File, maxMb: number): Promise<ImageProblem | null> {
  if (file.size === 0) return 'required';
  if (file.size > maxMb * MB) return 'size';
  const head = new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
  return sniffImageFormat(head) ? null : 'format';
}

function problemOf(error: unknown): ImageProblem {
  if (!isHttpError(error)) return 'failed';
  if (error.status === 413) return 'size';
  const code = error.parsed.fieldCodes.file;
  if (code === ImageErrorCode.tooLarge) return 'size';
  if (code === ImageErrorCode.invalidFormat) return 'format';
  if (code === ImageErrorCode.required) return 'required';
  return 'failed';
}

/**
 * An image preference: its current picture, the accepted formats and size, an upload button and a
 * remove button. The file is checked here first (size, magic bytes), then by the server.
 */
export function ImageUpload({
  name,
  labelId,
  hintId,
  previewHeight = 96,
}: {
  name: string;
  labelId: string;
  /** A suggestion shown under the label (e.g. the suggested size of a logo). */
  hintId?: string;
  previewHeight?: number;
}) {
  const intl = useIntl();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const definition = imagePreference(name);
  const maxMb = definition ? imageMaxMb(definition) : 2;
  const cover = definition ? imageKindOf(definition) === 'cover' : false;
  const stored = useDynamicPreferenceStore((state) => state.values[name]);
  const url = typeof stored === 'string' ? stored : '';
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const [local, setLocal] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (local) URL.revokeObjectURL(local);
    },
    [local],
  );

  const upload = useUploadThemeImageMutation(name, {
    onSuccess: () => {
      setLocal(null);
      notify({ messageId: 'stackSettings.savedSettingsMessage', variant: 'success' });
    },
    onError: (error) => {
      setLocal(null);
      const found = problemOf(error);
      setProblem(found);
      if (found === 'failed') notify({ messageId: 'theme.image.errorUpload', variant: 'error' });
    },
  });
  const remove = useRemoveThemeImageMutation(name, {
    onSuccess: () => notify({ messageId: 'stackSettings.savedSettingsMessage', variant: 'success' }),
    onError: () => notify({ messageId: 'stackSettings.errorSavedSettingsMessage', variant: 'error' }),
  });
  const busy = upload.isPending || remove.isPending;

  async function picked(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) {
      setProblem('required');
      return;
    }
    const found = await precheck(file, maxMb);
    setProblem(found);
    if (found) return;
    setLocal(URL.createObjectURL(file));
    upload.mutate(file);
  }

  const mediaUrl = useMediaUrl();
  const shown = local ?? (url ? mediaUrl(url) : url);
  const label = intl.formatMessage({ id: labelId });
  return (
    <Box data-testid={`image-${name}`} sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle1" component="h3">
        {label}
      </Typography>
      <Box
        sx={{
          height: previewHeight,
          maxWidth: '100%',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'action.hover',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
          position: 'relative',
        }}
      >
        {shown ? (
          <Box
            component="img"
            src={shown}
            srcSet={!local && cover && url ? coverSrcSet(mediaUrl(url)) || undefined : undefined}
            sizes={cover ? '(min-width: 960px) 600px, 100vw' : undefined}
            alt={label}
            data-testid={`image-preview-${name}`}
            sx={{
              maxHeight: '100%',
              maxWidth: '100%',
              objectFit: cover ? 'cover' : 'contain',
              ...(cover ? { width: '100%', height: '100%' } : {}),
            }}
          />
        ) : (
          <Stack sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <ImageOutlined />
            <Typography variant="body2">
              <FormattedMessage id="theme.image.none" />
            </Typography>
          </Stack>
        )}
        {busy && (
          <CircularProgress
            size={28}
            sx={{ position: 'absolute' }}
            aria-label={intl.formatMessage({ id: 'theme.image.uploading' })}
          />
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" data-testid={`image-hint-${name}`}>
        <FormattedMessage id="theme.image.formats" values={{ size: maxMb }} />
        {hintId && (
          <>
            {' '}
            <FormattedMessage id={hintId} />
          </>
        )}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          startIcon={<CloudUploadOutlined />}
          disabled={busy}
        >
          <FormattedMessage id={url ? 'theme.image.replace' : 'theme.image.upload'} />
        </Button>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT}
          hidden
          data-testid={`image-input-${name}`}
          onChange={(event) => void picked(event.target.files?.[0])}
        />
        {url && (
          <Button
            color="error"
            startIcon={<DeleteOutline />}
            disabled={busy}
            onClick={() => {
              setProblem(null);
              remove.mutate();
            }}
            data-testid={`image-remove-${name}`}
          >
            <FormattedMessage id="theme.image.remove" />
          </Button>
        )}
      </Stack>
      {problem && (
        <FormHelperText error data-testid={`image-error-${name}`}>
          <FormattedMessage id={PROBLEM_MESSAGES[problem]} values={{ size: maxMb }} />
        </FormHelperText>
      )}
    </Box>
  );
}
