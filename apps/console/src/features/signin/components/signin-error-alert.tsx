import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ReactNode } from 'react';

const loadAlert = () => import('@mui/material/Alert');
const Alert = lazy(loadAlert);

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

/** The refusal of a sign-in: MUI's error alert, shown as plain text while its code arrives. */
export function SigninErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Typography role="alert" color="error">
          {children}
        </Typography>
      }
    >
      <Alert severity="error">{children}</Alert>
    </Suspense>
  );
}
