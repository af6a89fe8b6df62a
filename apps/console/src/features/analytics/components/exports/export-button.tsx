import Button from '@mui/material/Button';
import type { ButtonProps } from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { FormattedMessage } from 'react-intl';
import { notify } from '../../../../core/notices/notice-store.ts';
import { useRequestExportMutation, type ExportRequest } from '../../api/analytics-api.ts';
import { useCanSendEmail } from '../../../server-settings/index.ts';

/**
 * A CSV export: on success the notice says the file will be generated shortly (and emailed, only when
 * the community can send email), on failure 'Sorry! Unable to export data. Retry later!'.
 */
function useRequestExport() {
  const canSendEmail = useCanSendEmail();
  return useRequestExportMutation({
    onSuccess: () =>
      notify({
        messageId: canSendEmail === false ? 'analytics.export.startedNoMail' : 'analytics.export.started',
        variant: 'success',
      }),
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
