import { Button, Checkbox, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import type { SearchAttribute, SpaceAttribute } from '@perch/contract';
import { AttributeType } from '@perch/contract/values';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Comparator = SearchAttribute['comparator'];

/** The comparisons offered per attribute type (yes/no attributes are a checkbox). */
const COMPARATORS_BY_TYPE: Record<number, Comparator[]> = {
  [AttributeType.Number]: ['eq', 'neq', 'gte', 'lte', 'gt', 'lt'],
  [AttributeType.Text]: ['contains', 'ncontains', 'eq', 'neq'],
};

const COMPARATOR_LABEL = {
  eq: 'comparatorEq',
  neq: 'comparatorNeq',
  contains: 'comparatorContains',
  ncontains: 'comparatorNcontains',
  gt: 'comparatorGt',
  gte: 'comparatorGte',
  lt: 'comparatorLt',
  lte: 'comparatorLte',
} as const;

interface FilterModalProps {
  opened: boolean;
  attributes: readonly SpaceAttribute[];
  value: readonly SearchAttribute[];
  onApply: (filters: SearchAttribute[]) => void;
  onClose: () => void;
}

type Draft = Record<string, { comparator: Comparator; value: string }>;

function draftOf(filters: readonly SearchAttribute[]): Draft {
  return Object.fromEntries(filters.map((f) => [f.attributeId, { comparator: f.comparator, value: f.value }]));
}

/** Filters by space attributes: a comparison per attribute; an empty value means "any". */
export function FilterModal({ opened, attributes, value, onApply, onClose }: FilterModalProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(value));
  const spaceAttributes = attributes.filter((a) => a.spaceApplicable);
  const set = (id: string, change: Partial<Draft[string]>, fallback: Comparator) =>
    setDraft((d) => ({
      ...d,
      [id]: { comparator: d[id]?.comparator ?? fallback, value: d[id]?.value ?? '', ...change },
    }));

  const apply = () => {
    onApply(
      Object.entries(draft)
        .filter(([id, f]) => f.value.trim() !== '' && spaceAttributes.some((a) => a.id === id))
        .map(([attributeId, f]) => ({ attributeId, comparator: f.comparator, value: f.value.trim() })),
    );
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('close') }}
      title={t('filterSpaces')}
      size="lg"
    >
      <Stack gap="md">
        {spaceAttributes.length === 0 && <Text c="dimmed">{t('noAttributesToFilter')}</Text>}
        {spaceAttributes.map((attribute) => {
          const current = draft[attribute.id];
          if (attribute.type === AttributeType.Boolean)
            return (
              <Checkbox
                key={attribute.id}
                label={attribute.label}
                checked={current?.value === '1'}
                onChange={(e) =>
                  set(attribute.id, { comparator: 'eq', value: e.currentTarget.checked ? '1' : '' }, 'eq')
                }
              />
            );
          const comparators = COMPARATORS_BY_TYPE[attribute.type] ?? COMPARATORS_BY_TYPE[AttributeType.Text]!;
          const comparator = current?.comparator ?? comparators[0]!;
          return (
            <Group key={attribute.id} align="flex-end" wrap="nowrap" gap="xs">
              <Select
                label={attribute.label}
                aria-label={t('comparisonFor', { name: attribute.label })}
                data={comparators.map((c) => ({ value: c, label: t(COMPARATOR_LABEL[c]) }))}
                value={comparator}
                onChange={(c) => c && set(attribute.id, { comparator: c as Comparator }, comparator)}
                allowDeselect={false}
                w={170}
              />
              {attribute.type === AttributeType.Number ? (
                <NumberInput
                  aria-label={t('valueFor', { name: attribute.label })}
                  placeholder={t('any')}
                  value={current?.value ?? ''}
                  onChange={(n) => set(attribute.id, { value: String(n) }, comparator)}
                  style={{ flex: 1 }}
                />
              ) : (
                <TextInput
                  aria-label={t('valueFor', { name: attribute.label })}
                  placeholder={t('any')}
                  value={current?.value ?? ''}
                  onChange={(e) => set(attribute.id, { value: e.currentTarget.value }, comparator)}
                  style={{ flex: 1 }}
                />
              )}
            </Group>
          );
        })}
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setDraft({})}>
            {t('resetFilters')}
          </Button>
          <Group>
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button onClick={apply}>{t('applyFilters')}</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
