import { SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

type NamePart = 'firstname' | 'lastname';

interface NameFieldsProps {
  /** The form's props of a name field (`form.getInputProps`). */
  inputProps: (part: NamePart) => GetInputPropsReturnType;
  /** The field's problem, in words. */
  errorOf: (part: NamePart) => string | undefined;
  maxLength: number;
  /** Focus the first name when the form opens. */
  autoFocus?: boolean;
}

/** A person's first and last name, side by side from small screens up. */
export function NameFields({ inputProps, errorOf, maxLength, autoFocus = false }: NameFieldsProps) {
  const { t } = useTranslation();
  const field = (part: NamePart, label: string, focus: boolean) => (
    <TextInput
      {...inputProps(part)}
      error={errorOf(part)}
      errorProps={{ role: 'alert' }}
      label={label}
      maxLength={maxLength}
      autoComplete="off"
      required
      data-autofocus={focus || undefined}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
      {field('firstname', t('userFirstName'), autoFocus)}
      {field('lastname', t('userLastName'), false)}
    </SimpleGrid>
  );
}
