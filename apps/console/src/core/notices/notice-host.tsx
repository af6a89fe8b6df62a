import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { FormattedMessage } from 'react-intl';
import { navigateInside } from '../navigation/app-navigate.ts';
import type { NoticeAction, NoticeVariant } from './notice-queue.ts';
import { dismissNotice, useNoticeStore } from './notice-store.ts';

const SEVERITY: Record<NoticeVariant, AlertColor> = {
  default: 'info',
  info: 'info',
  success: 'success',
  warning: 'warning',
  error: 'error',
};

function NoticeActionButton({ action, onDone }: { action: NoticeAction; onDone: () => void }) {
  const label = <FormattedMessage id={action.labelId} />;
  if ('onAction' in action) {
    return (
      <Button
        color="inherit"
        size="small"
        onClick={() => {
          onDone();
          action.onAction();
        }}
      >
        {label}
      </Button>
    );
  }
  return (
    <Button
      color="inherit"
      size="small"
      href={action.href}
      onClick={(event) => {
        if (navigateInside(action.href)) {
          event.preventDefault();
          onDone();
        }
      }}
    >
      {label}
    </Button>
  );
}

/** Shows the newest notice; closing it (or its timer) reveals the next one. */
export function NoticeHost() {
  const notice = useNoticeStore((state) => state.notices[0]);
  if (!notice) return null;
  return (
    <Snackbar
      key={notice.id}
      open
      anchorOrigin={notice.position}
      autoHideDuration={notice.autoHideDuration}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') dismissNotice(notice.id);
      }}
    >
      <Alert
        severity={SEVERITY[notice.variant]}
        variant="filled"
        onClose={() => dismissNotice(notice.id)}
        action={
          notice.action ? (
            <NoticeActionButton action={notice.action} onDone={() => dismissNotice(notice.id)} />
          ) : undefined
        }
      >
        <FormattedMessage id={notice.messageId} values={notice.values} />
      </Alert>
    </Snackbar>
  );
}
