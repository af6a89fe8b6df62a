import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import type { CodeStepFormProps } from './code-step-form.tsx';

const CodeStepForm = lazy(() =>
  import('./code-step-form.tsx').then((module) => ({ default: module.CodeStepForm })),
);

function CodeStepSpinner() {
  const intl = useIntl();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={intl.formatMessage({ id: 'list.loading' })} />
    </Box>
  );
}

/**
 * The sign-in's code step, fetched when a challenge arrives: most accounts have no second factor, so
 * the first screen does not carry the step's form, its mutation and the API module of two-step
 * verification with the query library's `useQuery` (ADR 0014).
 */
export function LazyCodeStepForm(props: CodeStepFormProps) {
  return (
    <Suspense fallback={<CodeStepSpinner />}>
      <CodeStepForm {...props} />
    </Suspense>
  );
}
