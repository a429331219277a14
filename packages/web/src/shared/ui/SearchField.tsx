import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

interface SearchFieldProps extends Omit<TextInputProps, 'type' | 'leftSection' | 'value' | 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A search box above a list: the words typed narrow the list down. */
export function SearchField({ value, onChange, ...input }: SearchFieldProps) {
  return (
    <TextInput
      type="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...input}
    />
  );
}
