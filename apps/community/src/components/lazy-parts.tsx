import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useIntl } from 'react-intl';

/**
 * What only a member uses (the composer, the comment form) and the sign-in page load on demand, so a
 * visitor's first page carries none of their form parts (issue 18 §4: ≤ 150 KB of JavaScript).
 */
const LazyComposer = lazy(async () => ({ default: (await import('./composer.tsx')).Composer }));
const LazyCommentForm = lazy(async () => ({ default: (await import('./comment-form.tsx')).CommentForm }));
const LazySignInPage = lazy(async () => ({
  default: (await import('../pages/sign-in-page.tsx')).SignInPage,
}));

const LazySsoPage = lazy(async () => ({
  default: (await import('../pages/sso-page.tsx')).SsoPage,
}));
const LazySignUpPage = lazy(async () => ({
  default: (await import('../pages/sign-up-page.tsx')).SignUpPage,
}));
const LazyVerifyEmailPage = lazy(async () => ({
  default: (await import('../pages/account-code-pages.tsx')).VerifyEmailPage,
}));
const LazyForgotPasswordPage = lazy(async () => ({
  default: (await import('../pages/account-code-pages.tsx')).ForgotPasswordPage,
}));
const LazyResetPasswordPage = lazy(async () => ({
  default: (await import('../pages/account-code-pages.tsx')).ResetPasswordPage,
}));

function Waiting() {
  const intl = useIntl();
  return <CircularProgress size={24} aria-label={intl.formatMessage({ id: 'site.loading' })} />;
}

export function Composer() {
  return (
    <Suspense fallback={<Waiting />}>
      <LazyComposer />
    </Suspense>
  );
}

export function CommentForm(props: ComponentProps<typeof LazyCommentForm>) {
  return (
    <Suspense fallback={<Waiting />}>
      <LazyCommentForm {...props} />
    </Suspense>
  );
}

export function SignInPage() {
  return (
    <Suspense fallback={<Waiting />}>
      <LazySignInPage />
    </Suspense>
  );
}

export function SignUpPage() {
  return (
    <Suspense fallback={<Waiting />}>
      <LazySignUpPage />
    </Suspense>
  );
}

export function VerifyEmailPage() {
  return (
    <Suspense fallback={<Waiting />}>
      <LazyVerifyEmailPage />
    </Suspense>
  );
}

export function ForgotPasswordPage() {
  return (
    <Suspense fallback={<Waiting />}>
      <LazyForgotPasswordPage />
    </Suspense>
  );
}

export function ResetPasswordPage() {
  return (
    <Suspense fallback={<Waiting />}>
      <LazyResetPasswordPage />
    </Suspense>
  );
}

export function SsoPage() {
  return (
    <Suspense fallback={<Waiting />}>
      <LazySsoPage />
    </Suspense>
  );
}
