import { Anchor, Badge, Button, Group, Skeleton, Stack, Table } from '@mantine/core';
import type { AuthProvider } from '@perch/contract';
import { IconLogin2, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { useAuthProviders } from '../api/auth-provider-queries';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { AllowAnyUserSwitch } from './AllowAnyUserSwitch';
import { PROVIDER_TYPE } from './auth-provider-form';
import { AUTH_PROVIDERS_PATH } from './AuthProviderForm';
import { providerTypeLabel } from './provider-labels';
import { useDeleteProvider } from './use-delete-provider';
import { DataTable } from '../../../shared/ui/DataTable';
import { RowActions, RowActionsHeader } from '../../../shared/ui/RowActions';

function TypeBadge({ provider }: { provider: AuthProvider }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={provider.providerType === PROVIDER_TYPE.saml ? 'grape' : 'blue'}
      style={{ textTransform: 'none' }}
    >
      {t(providerTypeLabel(provider))}
    </Badge>
  );
}

function ProvidersTable({
  providers,
  onDelete,
}: {
  providers: readonly AuthProvider[];
  onDelete: (provider: AuthProvider) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <DataTable
      minWidth={300}
      highlightOnHover
      aria-label={t('navAdminAuthProviders')}
      head={
        <>
          <Table.Th>{t('name')}</Table.Th>
          <Table.Th visibleFrom="xs">{t('authProviderColumnType')}</Table.Th>
          <RowActionsHeader width={92} />
        </>
      }
    >
      {providers.map((provider) => {
        const editPath = `${AUTH_PROVIDERS_PATH}/${provider.id}`;
        return (
          <Table.Tr key={provider.id} onClick={() => navigate(editPath)} style={{ cursor: 'pointer' }}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Anchor component={Link} to={editPath} fw={500} onClick={(e) => e.stopPropagation()}>
                {provider.name}
              </Anchor>
              {provider.readOnly && (
                <Badge variant="outline" color="gray" size="sm" ms="xs" style={{ textTransform: 'none' }}>
                  {t('authProviderReadOnlyBadge')}
                </Badge>
              )}
              {/* Phones have no room for the type column: it goes under the name. */}
              <Group mt={4} hiddenFrom="xs">
                <TypeBadge provider={provider} />
              </Group>
            </Table.Td>
            <Table.Td visibleFrom="xs">
              <TypeBadge provider={provider} />
            </Table.Td>
            <RowActions
              name={provider.name}
              onEdit={editPath}
              onDelete={provider.readOnly ? undefined : () => onDelete(provider)}
            />
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}

/** `/admin/auth-providers`: the organisation's sign-in providers and whether they may create accounts. */
export function AuthProvidersPage() {
  const { t } = useTranslation();
  const providers = useAuthProviders();
  const deletion = useDeleteProvider();
  const addButton = (
    <Button component={Link} to={`${AUTH_PROVIDERS_PATH}/add`} leftSection={<IconPlus size={18} aria-hidden />}>
      {t('authProviderNew')}
    </Button>
  );
  return (
    <AdminPage
      title={t('navAdminAuthProviders')}
      description={t('adminAuthProvidersDescription')}
      actions={providers.data?.length ? addButton : undefined}
    >
      <Stack gap="md">
        <AllowAnyUserSwitch />
        {deletion.refusal}
        {providers.isPending && <Skeleton h={160} radius="lg" />}
        {providers.isError && <QueryFailure error={providers.error} onRetry={() => void providers.refetch()} />}
        {providers.isSuccess && providers.data.length === 0 && (
          <EmptyState
            Icon={IconLogin2}
            title={t('authProvidersEmptyTitle')}
            body={t('authProvidersEmptyBody')}
            action={addButton}
          />
        )}
        {providers.isSuccess && providers.data.length > 0 && (
          <ProvidersTable providers={providers.data} onDelete={deletion.ask} />
        )}
      </Stack>
    </AdminPage>
  );
}
