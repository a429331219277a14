import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Table, VisuallyHidden } from '@mantine/core';
import type { AuthProvider } from '@perch/contract';
import { IconLogin2, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../app/ui/EmptyState';
import { useAuthProviders } from '../api/auth-provider-queries';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../ui/QueryFailure';
import { RowAction } from '../ui/RowAction';
import { AllowAnyUserSwitch } from './AllowAnyUserSwitch';
import { PROVIDER_TYPE } from './auth-provider-form';
import { AUTH_PROVIDERS_PATH } from './AuthProviderForm';
import { providerTypeLabel } from './provider-labels';
import { useDeleteProvider } from './use-delete-provider';

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
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={300} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover aria-label={t('navAdminAuthProviders')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('name')}</Table.Th>
              <Table.Th visibleFrom="xs">{t('authProviderColumnType')}</Table.Th>
              <Table.Th w={92}>
                <VisuallyHidden>{t('actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
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
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <RowAction label={t('editNamed', { name: provider.name })} Icon={IconPencil} to={editPath} />
                      {!provider.readOnly && (
                        <RowAction
                          label={t('deleteNamed', { name: provider.name })}
                          Icon={IconTrash}
                          danger
                          onClick={() => onDelete(provider)}
                        />
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
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
