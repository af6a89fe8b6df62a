import { FormattedMessage } from 'react-intl';
import { LoadFailure } from '../loading/loaded.tsx';

/**
 * What a settings screen shows when its saved values could not be read: the failure and a retry, in
 * place of the form, so that nothing empty is shown as the community's settings or saved over them.
 */
export function PreferenceLoadFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <LoadFailure onRetry={onRetry} testId="settings-load-error">
      <FormattedMessage id="settings.loadError" />
    </LoadFailure>
  );
}
