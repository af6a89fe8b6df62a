import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { EmailTemplate } from '@agora/contract';
import { useState } from 'react';
import { FormattedDate, useIntl } from 'react-intl';
import { notify } from '../../../core/notices/notice-store.ts';
import { useDeleteTemplateMutation } from '../api/use-email-manager-mutations.ts';
import { useTemplatePageQuery } from '../api/use-email-manager-queries.ts';
import { TYPE_MESSAGES } from './email-problems.ts';
import { EmailList } from './email-list.tsx';

export { EMAIL_MANAGER_BASE } from './email-list.tsx';

/** The templates tab: one row per product email and the custom ones; open, add, delete (custom only, asked first). */
export function TemplateList() {
  const intl = useIntl();
  const [offset, setOffset] = useState(0);
  const page = useTemplatePageQuery(offset);
  const remove = useDeleteTemplateMutation({
    onSuccess: () => notify({ messageId: 'emailManager.template.deleted', variant: 'success' }),
    onError: () => notify({ messageId: 'emailManager.error.templateDelete', variant: 'error' }),
  });
  const subjectOf = (row: EmailTemplate) => (intl.locale.startsWith('it') ? row.subject.it : row.subject.en);
  return (
    <EmailList<EmailTemplate>
      kind="template"
      page={page}
      offset={offset}
      onOffset={setOffset}
      rowKey={(row) => row.key ?? String(row.id)}
      chips={(row) => (
        <>
          <Chip size="small" label={intl.formatMessage({ id: TYPE_MESSAGES[row.type] })} />
          {!row.active && (
            <Chip size="small" label={intl.formatMessage({ id: 'emailManager.template.inactive' })} />
          )}
        </>
      )}
      below={(row) => (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {subjectOf(row)}
        </Typography>
      )}
      columns={[
        { headerId: 'emailManager.col.subject', cell: subjectOf },
        {
          headerId: 'emailManager.col.updated',
          nowrap: true,
          cell: (row) => (
            <>
              <FormattedDate value={row.updated_at} dateStyle="medium" />
              {row.updated_by ? ` · ${row.updated_by}` : ''}
            </>
          ),
        },
      ]}
      canDelete={(row) => !row.is_system}
      remove={{ isPending: remove.isPending, run: (row, done) => remove.mutate(row.id, done) }}
    />
  );
}
