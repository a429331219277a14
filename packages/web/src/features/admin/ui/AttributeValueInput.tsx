import { Checkbox, NumberInput, TextInput } from '@mantine/core';
import type { SpaceAttribute } from '@perch/contract';
import { AttributeType, TEXT_MAX } from '@perch/contract/values';
import { useTranslation } from 'react-i18next';

export const ATTRIBUTE_VALUE_MAX = TEXT_MAX.attributeValue;

interface AttributeValueInputProps {
  attribute: SpaceAttribute;
  /** The stored value; undefined when the attribute is not set. */
  value: string | undefined;
  /** Undefined removes the value. */
  onChange: (value: string | undefined) => void;
}

/** One attribute value, with the input its type calls for; an empty input means "not set". */
export function AttributeValueInput({ attribute, value, onChange }: AttributeValueInputProps) {
  const { t } = useTranslation();
  if (attribute.type === AttributeType.Boolean) {
    return (
      <Checkbox
        label={attribute.label}
        checked={value === '1' || value === 'true'}
        onChange={(e) => onChange(e.currentTarget.checked ? '1' : undefined)}
      />
    );
  }
  if (attribute.type === AttributeType.Number) {
    return (
      <NumberInput
        label={attribute.label}
        placeholder={t('notSet')}
        value={value ?? ''}
        onChange={(v) => onChange(v === '' ? undefined : String(v))}
        allowDecimal
      />
    );
  }
  return (
    <TextInput
      label={attribute.label}
      placeholder={t('notSet')}
      value={value ?? ''}
      maxLength={ATTRIBUTE_VALUE_MAX}
      onChange={(e) => onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
    />
  );
}

/** Sets or removes one value in an attribute list, keeping the others in place. */
export function withAttributeValue<T extends { attributeId: string; value: string }>(
  values: readonly T[],
  attributeId: string,
  value: string | undefined,
): { attributeId: string; value: string }[] {
  const others = values
    .filter((v) => v.attributeId !== attributeId)
    .map(({ attributeId: a, value: v }) => ({ attributeId: a, value: v }));
  return value === undefined ? others : [...others, { attributeId, value }];
}
