import { Badge, Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../shared/system-pages/NotFoundPage';
import { useAuthProvider } from '../api/auth-provider-queries';
import { isNotFound } from '../api/is-not-found';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { AUTH_PROVIDERS_PATH, AuthProviderForm } from './AuthProviderForm';
import { providerTypeLabel } from './provider-labels';
import { useDeleteProvider } from './use-delete-provider';
import { PageLoader } from '../../../shared/ui/Loaders';

/** `/admin/auth-providers/add` and `/admin/auth-providers/:providerId`. */
export function AuthProviderPage() {
  const { providerId } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const provider = useAuthProvider(providerId);
  const deletion = useDeleteProvider();

  if (providerId && provider.isError && isNotFound(provider.error)) return <NotFoundPage />;
  const saved = provider.data;
  return (
    <AdminPage
      title={providerId ? (saved?.name ?? t('loading')) : t('authProviderNewTitle')}
      trail={[{ label: t('navAdminAuthProviders'), to: AUTH_PROVIDERS_PATH }]}
      titleAside={
        saved && (
          <Badge variant="light" style={{ textTransform: 'none', flexShrink: 0 }}>
            {t(providerTypeLabel(saved))}
          </Badge>
        )
      }
      actions={
        saved &&
        !saved.readOnly && (
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => deletion.ask(saved, () => navigate(AUTH_PROVIDERS_PATH, { replace: true }))}
          >
            {t('authProviderDelete')}
          </Button>
        )
      }
    >
      {deletion.refusal}
      {provider.isError && <QueryFailure error={provider.error} onRetry={() => void provider.refetch()} />}
      {providerId && provider.isPending && <PageLoader />}
      {(!providerId || saved) && <AuthProviderForm key={saved?.id ?? 'new'} provider={saved ?? null} />}
    </AdminPage>
  );
}
