import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ReactNode } from 'react';

const loadAlert = () => import('@mui/material/Alert');

/** The refusal as plain text: while the alert's code arrives, or for good if it cannot be fetched. */
function PlainAlert({ children }: { children?: ReactNode }) {
  return (
    <Typography role="alert" color="error">
      {children}
    </Typography>
  );
}

// A chunk that cannot be fetched (a new deployment removed it) must not hide the refusal itself.
const Alert = lazy(() => loadAlert().catch(() => ({ default: PlainAlert })));

/**
 * Fetches the alert while the password is on its way, so a refusal usually finds it ready. Most
 * sign-ins succeed, so the first screen does not carry MUI's Alert with its icons and close button
 * (ADR 0014).
 */
export function preloadSigninErrorAlert(): void {
  loadAlert().catch(() => {
    // The alert's own render retries; until then the refusal shows as plain text.
  });
}

/** The refusal of a sign-in: MUI's error alert, shown as plain text until its code arrives. */
export function SigninErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PlainAlert>{children}</PlainAlert>}>
      <Alert severity="error">{children}</Alert>
    </Suspense>
  );
}
