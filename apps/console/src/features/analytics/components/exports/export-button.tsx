import Button from '@mui/material/Button';
import type { ButtonProps } from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { notify } from '../../../../core/notices/notice-store.ts';
import { addExport, analyticsKeys, type ExportRequest } from '../../api/analytics-api.ts';
import { useInternalUrl } from '../../../../core/stack/use-internal-url.ts';

/**
 * Asks the server for a CSV export (a job builds it and emails a download link): on success the notice
 * says the file will be generated shortly, on failure 'Sorry! Unable to export data. Retry later!'.
 */
export function useRequestExport() {
  const queryClient = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: (request: ExportRequest) => addExport(request),
    onSuccess: () => {
      notify({ messageId: 'analytics.export.started', variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: analyticsKeys.exports(internalUrl) });
    },
    onError: () => notify({ messageId: 'analytics.export.error', variant: 'error' }),
  });
}

export function ExportButton({
  request,
  testId,
  size,
  labelId = 'analytics.export.button',
}: {
  request: ExportRequest;
  testId: string;
  size?: ButtonProps['size'];
  labelId?: string;
}) {
  const mutation = useRequestExport();
  return (
    <Button
      variant="outlined"
      size={size}
      startIcon={<FileDownloadOutlined />}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate(request)}
      data-testid={testId}
    >
      <FormattedMessage id={labelId} />
    </Button>
  );
}
