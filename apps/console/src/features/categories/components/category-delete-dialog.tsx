import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Category } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { useDeleteCategoryMutation } from '../api/use-categories-mutations.ts';
import { useDeletePreviewQuery } from '../api/use-categories-queries.ts';

/**
 * Asked before deleting a category. The server says first how many contents it holds: then the
 * question asks which category receives them, and deleting waits for that choice (never orphans).
 */
export function CategoryDeleteDialog({
  category,
  others,
  onClose,
}: {
  category: Category;
  /** The categories that may receive its contents. */
  others: Category[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const preview = useDeletePreviewQuery(category.id);
  const [target, setTarget] = useState<number | ''>('');
  const remove = useDeleteCategoryMutation({
    onSuccess: (result) => {
      notify({
        messageId: result.moved_contents > 0 ? 'categories.notice.deletedMoved' : 'categories.notice.deleted',
        values: { name: category.name, count: result.moved_contents },
        variant: 'success',
      });
      onClose();
    },
    onError: () => notify({ messageId: 'categories.error.delete', variant: 'error' }),
  });
  const needsTarget = preview.data?.needs_target ?? false;
  const count = preview.data?.contents_count ?? 0;
  const ready = preview.isSuccess && (!needsTarget || target !== '');

  return (
    <ConfirmDialog
      open
      title={<FormattedMessage id="categories.delete.title" values={{ name: category.name }} />}
      text={
        preview.isSuccess ? (
          needsTarget ? (
            <FormattedMessage id="categories.delete.withContents" values={{ count }} />
          ) : (
            <FormattedMessage id="categories.delete.empty" />
          )
        ) : undefined
      }
      confirmLabel={<FormattedMessage id="categories.action.deleteConfirm" />}
      cancelLabel={<FormattedMessage id="categories.action.cancel" />}
      busy={remove.isPending || preview.isPending}
      confirmDisabled={!ready}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate({ id: category.id, moveTo: needsTarget && target !== '' ? target : null })
      }
      testId="category-delete-dialog"
      confirmTestId="category-delete-confirm"
    >
      {preview.isError && (
        <Alert severity="error">
          <FormattedMessage id="categories.error.deletePreview" />
        </Alert>
      )}
      {needsTarget &&
        (others.length > 0 ? (
          <TextField
            select
            fullWidth
            sx={{ mt: 2 }}
            name="move_to"
            label={intl.formatMessage({ id: 'categories.delete.moveTo' })}
            value={target}
            onChange={(event) => setTarget(Number(event.target.value))}
            data-testid="category-move-to"
          >
            {others.map((other) => (
              <MenuItem key={other.id} value={other.id}>
                {other.name}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Alert severity="warning" sx={{ mt: 2 }}>
            <FormattedMessage id="categories.delete.noTarget" />
          </Alert>
        ))}
    </ConfirmDialog>
  );
}
