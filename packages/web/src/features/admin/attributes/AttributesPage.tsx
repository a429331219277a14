import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { SpaceAttribute } from '@perch/contract';
import { IconPencil, IconPlus, IconTags, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../app/ui/EmptyState';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useDeleteSpaceAttribute, useSpaceAttributes } from '../api/space-attribute-queries';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../ui/QueryFailure';
import { RowAction } from '../ui/RowAction';
import { SortableHeader } from '../ui/SortableHeader';
import { nextSort, sortRows, type SortState } from '../ui/sorting';
import { useConfirmDelete } from '../ui/use-confirm-delete';
import { ATTRIBUTE_TYPE_LABEL, AttributeFormModal } from './AttributeFormModal';
import classes from './attributes.module.css';

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
  const confirmDelete = useConfirmDelete();
  const errorMessage = useApiErrorMessage();
  const [editing, setEditing] = useState<SpaceAttribute | null>(null);
  const [opened, { open, close }] = useDisclosure(false);
  const [sort, setSort] = useState<SortState<AttributeColumn>>({ column: 'label', direction: 'asc' });
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
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={300} type="native">
            <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <SortableHeader
                    column="label"
                    label={t('name')}
                    sort={sort}
                    onSort={(c) => setSort((s) => nextSort(s, c))}
                  />
                  <SortableHeader
                    column="type"
                    label={t('attributeType')}
                    sort={sort}
                    onSort={(c) => setSort((s) => nextSort(s, c))}
                    width={140}
                    visibleFrom="sm"
                  />
                  <Table.Th visibleFrom="sm">{t('attributeAppliesTo')}</Table.Th>
                  <Table.Th w={92}>
                    <VisuallyHidden>{t('actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
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
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <RowAction
                          label={t('editNamed', { name: attribute.label })}
                          Icon={IconPencil}
                          onClick={() => openEditor(attribute)}
                        />
                        <RowAction
                          label={t('deleteNamed', { name: attribute.label })}
                          Icon={IconTrash}
                          danger
                          onClick={() => askDelete(attribute)}
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {opened && <AttributeFormModal key={editing?.id ?? 'new'} attribute={editing} opened={opened} onClose={close} />}
    </AdminPage>
  );
}
