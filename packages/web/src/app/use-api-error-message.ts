import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from './api-error-message';
import { useSession } from './session/session-context';

/** Translates a failed API call for display, filling limits from the organisation settings. */
export function useApiErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  const { state } = useSession();
  const settings = state.status === 'signedIn' ? state.session.settings : undefined;
  return useCallback(
    (error: unknown) => {
      const message = apiErrorMessage(error, settings);
      return t(message.key, message.values);
    },
    [t, settings],
  );
}
