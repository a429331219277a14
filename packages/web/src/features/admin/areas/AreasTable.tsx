import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { Location } from '@perch/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SortableHeader } from '../ui/SortableHeader';
import { nextSort, sortRows, type SortState } from '../ui/sorting';
import { DataTable } from '../../../shared/ui/DataTable';
import { RowActions, RowActionsHeader } from '../../../shared/ui/RowActions';

type AreaColumn = 'name' | 'floorPlan' | 'enabled';

function sortValue(area: Location, column: AreaColumn): string | boolean {
  if (column === 'name') return area.name;
  if (column === 'floorPlan') return area.mapWidth > 0;
  return area.enabled;
}

interface AreasTableProps {
  areas: Location[];
  onDelete: (area: Location) => void;
}

export function AreasTable({ areas, onDelete }: AreasTableProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [sort, setSort] = useState<SortState<AreaColumn>>({ column: 'name', direction: 'asc' });
  const rows = useMemo(() => sortRows(areas, sort, sortValue, i18n.language), [areas, sort, i18n.language]);
  const onSort = (column: AreaColumn) => setSort((s) => nextSort(s, column));

  return (
    <DataTable
      minWidth={340}
      highlightOnHover
      head={
        <>
          <SortableHeader column="name" label={t('name')} sort={sort} onSort={onSort} />
          <SortableHeader
            column="floorPlan"
            label={t('floorPlan')}
            sort={sort}
            onSort={onSort}
            width={150}
            visibleFrom="sm"
          />
          {/* As narrow as its badge, so a name has the room on a phone. */}
          <SortableHeader column="enabled" label={t('status')} sort={sort} onSort={onSort} width="1%" />
          <RowActionsHeader width={60} />
        </>
      }
    >
      {rows.length === 0 && (
        <Table.Tr>
          <Table.Td colSpan={4}>
            <Text c="dimmed" ta="center" py="md">
              {t('noResults')}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
      {rows.map((area) => (
        <Table.Tr key={area.id} onClick={() => navigate(`/admin/areas/${area.id}`)} style={{ cursor: 'pointer' }}>
          {/* Names without spaces wrap anywhere rather than widening the table past the screen. */}
          <Table.Td style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={`/admin/areas/${area.id}`} fw={600} onClick={(e) => e.stopPropagation()}>
              {area.name}
            </Anchor>
            {area.description && (
              <Text fz="xs" c="dimmed" lineClamp={1}>
                {area.description}
              </Text>
            )}
          </Table.Td>
          <Table.Td visibleFrom="sm">
            <Text fz="sm" c={area.mapWidth > 0 ? undefined : 'dimmed'}>
              {area.mapWidth > 0 ? `${area.mapWidth} × ${area.mapHeight} px` : t('noFloorPlan')}
            </Text>
          </Table.Td>
          <Table.Td>
            <Badge variant="light" color={area.enabled ? 'teal' : 'gray'} style={{ minWidth: 'max-content' }}>
              {area.enabled ? t('enabled') : t('disabled')}
            </Badge>
          </Table.Td>
          <RowActions name={area.name} onDelete={() => onDelete(area)} />
        </Table.Tr>
      ))}
    </DataTable>
  );
}
