import { Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { SpaceAttribute } from '@perch/contract';
import { IconPlus, IconTags } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useDeleteSpaceAttribute, useSpaceAttributes } from '../api/space-attribute-queries';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { SortableHeader } from '../ui/SortableHeader';
import { nextSort, sortRows, type SortState } from '../ui/sorting';
import { useConfirm } from '../../../shared/ui/use-confirm';
import { ATTRIBUTE_TYPE_LABEL, AttributeFormModal } from './AttributeFormModal';
import classes from './attributes.module.css';
import { DataTable } from '../../../shared/ui/DataTable';
import { RowActions, RowActionsHeader } from '../../../shared/ui/RowActions';

type AttributeColumn = 'label' | 'type';

function AppliesTo({ attribute }: { attribute: SpaceAttribute }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      {attribute.spaceApplicable && <Badge variant="light">{t('appliesToSpaces')}</Badge>}
      {attribute.locationApplicable && (
        <Badge variant="light" color="grape">
          {t('appliesToAreas')}
        </Badge>
      )}
    </Group>
  );
}

/** `/admin/attributes`: the features spaces and areas can be described and searched by. */
export function AttributesPage() {
  const { t, i18n } = useTranslation();
  const attributes = useSpaceAttributes();
  const deleteAttribute = useDeleteSpaceAttribute();
  const confirmDelete = useConfirm();
  const errorMessage = useApiErrorMessage();
  const [editing, setEditing] = useState<SpaceAttribute | null>(null);
  const [opened, { open, close }] = useDisclosure(false);
  const [sort, setSort] = useState<SortState<AttributeColumn>>({ column: 'label', direction: 'asc' });
  const onSort = (column: AttributeColumn) => setSort((s) => nextSort(s, column));
  const rows = useMemo(
    () =>
      sortRows(
        attributes.data ?? [],
        sort,
        (a, c) => (c === 'label' ? a.label : t(ATTRIBUTE_TYPE_LABEL[a.type] ?? 'attributeTypeText')),
        i18n.language,
      ),
    [attributes.data, sort, i18n.language, t],
  );

  const openEditor = (attribute: SpaceAttribute | null) => {
    setEditing(attribute);
    open();
  };
  const askDelete = (attribute: SpaceAttribute) =>
    confirmDelete({
      title: t('deleteNamedQuestion', { name: attribute.label }),
      message: t('confirmDeleteAttribute'),
      onConfirm: () =>
        deleteAttribute.mutate(attribute.id, {
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: errorMessage(error),
              closeButtonProps: { 'aria-label': t('close') },
            }),
        }),
    });

  const newButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => openEditor(null)}>
      {t('newAttribute')}
    </Button>
  );
  const empty = attributes.isSuccess && attributes.data.length === 0;
  return (
    <AdminPage
      title={t('navAdminAttributes')}
      description={t('adminAttributesDescription')}
      actions={!empty && attributes.isSuccess && newButton}
    >
      {attributes.isPending && <Skeleton h={160} radius="lg" />}
      {attributes.isError && <QueryFailure error={attributes.error} onRetry={() => void attributes.refetch()} />}
      {empty && (
        <EmptyState
          Icon={IconTags}
          title={t('attributesEmptyTitle')}
          body={t('attributesEmptyBody')}
          action={newButton}
        />
      )}
      {attributes.isSuccess && !empty && (
        <DataTable
          minWidth={300}
          highlightOnHover
          head={
            <>
              <SortableHeader column="label" label={t('name')} sort={sort} onSort={onSort} />
              <SortableHeader
                column="type"
                label={t('attributeType')}
                sort={sort}
                onSort={onSort}
                width={140}
                visibleFrom="sm"
              />
              <Table.Th visibleFrom="sm">{t('attributeAppliesTo')}</Table.Th>
              <RowActionsHeader width={92} />
            </>
          }
        >
          {rows.map((attribute) => (
            <Table.Tr key={attribute.id}>
              <Table.Td className={classes.nameCell}>
                <Text fw={600} fz="sm" className={classes.name}>
                  {attribute.label}
                </Text>
                {/* On a phone the type and what it applies to stand under the name. */}
                <Stack gap={6} mt={6} hiddenFrom="sm">
                  <Text fz="sm">{t(ATTRIBUTE_TYPE_LABEL[attribute.type] ?? 'attributeTypeText')}</Text>
                  <AppliesTo attribute={attribute} />
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text fz="sm">{t(ATTRIBUTE_TYPE_LABEL[attribute.type] ?? 'attributeTypeText')}</Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <AppliesTo attribute={attribute} />
              </Table.Td>
              <RowActions
                name={attribute.label}
                onEdit={() => openEditor(attribute)}
                onDelete={() => askDelete(attribute)}
              />
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {opened && <AttributeFormModal key={editing?.id ?? 'new'} attribute={editing} opened={opened} onClose={close} />}
    </AdminPage>
  );
}
