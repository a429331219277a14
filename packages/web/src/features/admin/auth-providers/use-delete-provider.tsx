import { notifications } from '@mantine/notifications';
import { ApiError } from '@perch/client';
import type { AuthProvider } from '@perch/contract';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useDeleteAuthProvider } from '../api/auth-provider-queries';
import { useConfirm } from '../../../shared/ui/use-confirm';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';

interface DeleteProvider {
  /** Asks, then deletes; `onDeleted` runs after the server agreed. */
  ask: (provider: AuthProvider, onDeleted?: () => void) => void;
  /** Why the last deletion was refused, to show on the page until closed; null when it was not. */
  refusal: ReactNode;
}

/**
 * Deleting a provider. The server refuses (400) while people are bound to it: the page then says
 * how to move them first, and keeps saying it until the admin closes the message.
 */
export function useDeleteProvider(): DeleteProvider {
  const { t } = useTranslation();
  const confirmDelete = useConfirm();
  const deleteProvider = useDeleteAuthProvider();
  const errorMessage = useApiErrorMessage();
  const [refused, setRefused] = useState<string | null>(null);
  const ask = useCallback(
    (provider: AuthProvider, onDeleted?: () => void) =>
      confirmDelete({
        title: t('deleteNamedQuestion', { name: provider.name }),
        message: t('confirmDeleteAuthProvider'),
        onConfirm: () => {
          setRefused(null);
          deleteProvider.mutate(provider.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('authProviderDeleted', { name: provider.name }) });
              onDeleted?.();
            },
            onError: (error) =>
              setRefused(
                error instanceof ApiError && error.status === 400
                  ? t('authProviderInUse', { name: provider.name })
                  : errorMessage(error),
              ),
          });
        },
      }),
    [t, confirmDelete, deleteProvider, errorMessage],
  );
  const refusal = refused && (
    <ErrorAlert withCloseButton closeButtonLabel={t('close')} onClose={() => setRefused(null)}>
      {refused}
    </ErrorAlert>
  );
  return { ask, refusal };
}
