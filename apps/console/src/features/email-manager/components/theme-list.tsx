import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { EmailTheme } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { notify } from '../../../core/notices/notice-store.ts';
import { useDeleteThemeMutation, useSetDefaultThemeMutation } from '../api/use-email-manager-mutations.ts';
import { useThemePageQuery } from '../api/use-email-manager-queries.ts';
import { refusalReasons } from './email-problems.ts';
import { EmailList } from './email-list.tsx';

/** The themes tab: the default first; open, add, make default, delete (asked first; refused while in use). */
export function ThemeList() {
  const intl = useIntl();
  const [offset, setOffset] = useState(0);
  const page = useThemePageQuery(offset);
  const remove = useDeleteThemeMutation({
    onSuccess: () => notify({ messageId: 'emailManager.theme.deleted', variant: 'success' }),
    onError: (error) =>
      notify({
        messageId: 'emailManager.error.themeDelete',
        values: { reason: refusalReasons(error).general ?? '' },
        variant: 'error',
      }),
  });
  const makeDefault = useSetDefaultThemeMutation({
    onSuccess: () => notify({ messageId: 'emailManager.theme.defaultSet', variant: 'success' }),
    onError: () => notify({ messageId: 'emailManager.error.themeAssign', variant: 'error' }),
  });
  return (
    <EmailList<EmailTheme>
      kind="theme"
      page={page}
      offset={offset}
      onOffset={setOffset}
      rowKey={(row) => String(row.id)}
      chips={(row) => (
        <>
          {row.is_default && (
            <Chip
              size="small"
              color="primary"
              label={intl.formatMessage({ id: 'emailManager.theme.default' })}
            />
          )}
          <Chip
            size="small"
            variant="outlined"
            label={intl.formatMessage({ id: 'emailManager.theme.uses' }, { count: row.templates_count })}
          />
        </>
      )}
      actions={(row) =>
        !row.is_default && (
          <Button
            size="small"
            disabled={makeDefault.isPending}
            onClick={() => makeDefault.mutate(row.id)}
            data-testid={`email-theme-default-${row.id}`}
          >
            <FormattedMessage id="emailManager.action.setDefault" />
          </Button>
        )
      }
      canDelete={(row) => !row.is_default}
      remove={{ isPending: remove.isPending, run: (row, done) => remove.mutate(row.id, done) }}
      closeOnError
    />
  );
}
