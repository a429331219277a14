import { Anchor, Badge, Button, Group, Skeleton, Table, Text } from '@mantine/core';
import type { Organization } from '@perch/contract';
import { IconBuildings, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSignedInSession } from '../../../app/session/session-context';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { useOrganizations } from '../api/organization-queries';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { SortableHeader } from '../ui/SortableHeader';
import { matchesQuery, nextSort, sortRows, type SortState } from '../ui/sorting';
import { contactName, languageName } from './organization-form';
import { useOrganizationDeletion } from './use-organization-deletion';
import { DataTable } from '../../../shared/ui/DataTable';
import { RowActions, RowActionsHeader } from '../../../shared/ui/RowActions';
import { SearchField } from '../../../shared/ui/SearchField';

type OrgColumn = 'name' | 'contact' | 'email' | 'language';

function valueOf(org: Organization, column: OrgColumn): string {
  if (column === 'contact') return contactName(org);
  if (column === 'language') return languageName(org.language);
  return org[column];
}

/** `/admin/organizations`: every organisation on this server. Super admins only. */
export function OrganizationsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user: me } = useSignedInSession();
  const organizations = useOrganizations();
  const deletion = useOrganizationDeletion();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState<OrgColumn>>({ column: 'name', direction: 'asc' });
  const all = useMemo(() => organizations.data ?? [], [organizations.data]);
  const rows = useMemo(
    () =>
      sortRows(
        all.filter((o) => matchesQuery(query, o.name, contactName(o), o.email)),
        sort,
        valueOf,
        i18n.language,
      ),
    [all, query, sort, i18n.language],
  );
  const onSort = (column: OrgColumn) => setSort((s) => nextSort(s, column));

  const newButton = (
    <Button component={Link} to="/admin/organizations/new" leftSection={<IconPlus size={18} aria-hidden />}>
      {t('orgNew')}
    </Button>
  );
  const empty = organizations.isSuccess && all.length === 0;
  return (
    <AdminPage
      title={t('navAdminOrganizations')}
      description={t('adminOrganizationsDescription')}
      actions={organizations.isSuccess && !empty && newButton}
    >
      {organizations.isPending && <Skeleton h={160} radius="lg" />}
      {organizations.isError && (
        <QueryFailure error={organizations.error} onRetry={() => void organizations.refetch()} />
      )}
      {empty && (
        <EmptyState Icon={IconBuildings} title={t('orgsEmptyTitle')} body={t('orgsEmptyBody')} action={newButton} />
      )}
      {organizations.isSuccess && !empty && (
        <>
          <Group justify="space-between" align="flex-end" gap="sm">
            <SearchField label={t('orgSearch')} value={query} onChange={setQuery} w={{ base: '100%', xs: 360 }} />
            <Text fz="sm" c="dimmed" aria-live="polite">
              {query ? t('orgMatchCount', { count: rows.length }) : t('orgCount', { count: all.length })}
            </Text>
          </Group>
          <DataTable
            minWidth={640}
            highlightOnHover
            aria-label={t('navAdminOrganizations')}
            head={
              <>
                <SortableHeader column="name" label={t('name')} sort={sort} onSort={onSort} />
                <SortableHeader column="contact" label={t('orgColumnContact')} sort={sort} onSort={onSort} />
                <SortableHeader column="email" label={t('orgContactEmail')} sort={sort} onSort={onSort} />
                <SortableHeader column="language" label={t('language')} sort={sort} onSort={onSort} width={140} />
                <RowActionsHeader width={100} />
              </>
            }
          >
            {rows.map((org) => {
              const own = org.id === me.organizationId;
              const to = `/admin/organizations/${org.id}`;
              return (
                <Table.Tr key={org.id} onClick={() => navigate(to)} style={{ cursor: 'pointer' }}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor component={Link} to={to} fw={600} onClick={(e) => e.stopPropagation()}>
                        {org.name}
                      </Anchor>
                      {own && (
                        <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
                          {t('orgYours')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{contactName(org)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{org.email}</Table.Td>
                  <Table.Td>{languageName(org.language)}</Table.Td>
                  <RowActions
                    name={org.name}
                    onEdit={to}
                    // The server refuses a super admin's own organisation (403).
                    onDelete={own ? undefined : () => deletion.ask(org)}
                  />
                </Table.Tr>
              );
            })}
          </DataTable>
          {rows.length === 0 && (
            <Text c="dimmed" ta="center">
              {t('orgsNoMatch', { query: query.trim() })}
            </Text>
          )}
        </>
      )}
      {deletion.dialogs}
    </AdminPage>
  );
}
