import { Alert, Button, Fieldset, Group, Menu, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ApiError } from '@perch/client';
import type { AuthProvider } from '@perch/contract';
import { ErrorCode } from '@perch/contract/values';
import { IconChevronDown, IconDeviceFloppy, IconInfoCircle, IconTemplate } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import type { Message } from '../../../i18n';
import { useSaveAuthProvider } from '../api/auth-provider-queries';
import { useUnsavedChangesGuard } from '../ui/use-unsaved-changes-guard';
import {
  authProviderFormValues,
  authProviderSaveBody,
  FIELD_MAX,
  serverFieldErrors,
  validateAuthProvider,
  type AuthProviderFormValues,
  type FormField,
  type ProviderKind,
} from './auth-provider-form';
import { Section } from '../../../shared/ui/Section';
import {
  AfterSignInFields,
  MappingFields,
  OAuthFields,
  SamlFields,
  SecondFactorFields,
  type FieldProps,
} from './ProviderFields';
import { PROVIDER_TEMPLATES, type ProviderTemplate } from './provider-templates';
import { RegisterSection } from './RegisterSection';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { FormActions } from '../../../shared/ui/FormActions';

export const AUTH_PROVIDERS_PATH = '/admin/auth-providers';

type FieldErrors = Partial<Record<FormField, Message>>;

/**
 * A sign-in provider: the type decides which fields show. The contract's rules are checked here
 * first; the server's 409 (name taken) and 400 (field named in the answer) land at their fields.
 */
export function AuthProviderForm({ provider }: { provider: AuthProvider | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useApiErrorMessage();
  const save = useSaveAuthProvider();
  const creating = provider === null;
  const readOnly = provider?.readOnly === true;
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [template, setTemplate] = useState<ProviderTemplate | null>(null);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const form = useForm<AuthProviderFormValues>({
    initialValues: authProviderFormValues(provider),
    onValuesChange: (values, previous) => {
      const changed = (Object.keys(values) as FormField[]).filter((field) => values[field] !== previous[field]);
      setServerErrors((errors) => {
        if (!changed.some((field) => errors[field])) return errors;
        const rest = { ...errors };
        for (const field of changed) delete rest[field];
        return rest;
      });
    },
  });
  const dirty = form.isDirty();
  useUnsavedChangesGuard(dirty && leaveTo === null);
  useEffect(() => {
    if (leaveTo) navigate(leaveTo, { replace: true });
  }, [leaveTo, navigate]);

  const clientErrors: FieldErrors = submitted ? validateAuthProvider(form.values, creating) : {};
  const errorOf = (field: FormField): string | undefined => {
    const message = clientErrors[field] ?? serverErrors[field];
    return message ? t(message.key, message.values) : undefined;
  };
  const fieldProps: FieldProps = (field) => ({
    value: form.values[field],
    onChange: (event) => form.setFieldValue(field, event.currentTarget.value),
    error: errorOf(field),
    errorProps: { role: 'alert' },
    'data-path': field,
  });

  const applyTemplate = (chosen: ProviderTemplate) => {
    form.setValues({ ...chosen.fields, name: form.values.name.trim() ? form.values.name : chosen.name });
    setTemplate(chosen);
  };

  const focusFirstError = (errors: FieldErrors) => {
    const first = (Object.keys(form.values) as FormField[]).find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  };

  const submit = form.onSubmit((values) => {
    setSubmitted(true);
    setFailure(null);
    const errors = validateAuthProvider(values, creating);
    if (Object.keys(errors).length > 0) {
      // Wait for the messages to render, so the focused field already names its problem.
      requestAnimationFrame(() => focusFirstError(errors));
      return;
    }
    const body = authProviderSaveBody(values);
    save.mutate(
      { id: provider?.id, body },
      {
        onSuccess: (id) => {
          notifications.show({
            color: 'teal',
            message: t(creating ? 'authProviderCreated' : 'authProviderSaved', { name: body.name }),
          });
          if (creating) {
            // The new provider's page shows the addresses to register and the test button.
            setLeaveTo(`${AUTH_PROVIDERS_PATH}/${id}`);
            return;
          }
          const saved = { ...values, clientSecret: '' };
          form.setValues(saved);
          form.resetDirty(saved);
          setSubmitted(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.appCode === ErrorCode.AuthProviderAlreadyExists) {
            setServerErrors({ name: { key: 'errorAuthProviderNameExists' } });
            form.getInputNode('name')?.focus();
            return;
          }
          const fields = serverFieldErrors(error);
          const named = Object.entries(fields) as [FormField, string][];
          if (named.length > 0) {
            const messages: FieldErrors = Object.fromEntries(
              named.map(([field, reason]) => [field, { key: 'authProviderErrorRejected', values: { reason } }]),
            );
            setServerErrors(messages);
            requestAnimationFrame(() => focusFirstError(messages));
            return;
          }
          setFailure(
            error instanceof ApiError && error.status === 400
              ? t('authProviderErrorRejected', { reason: error.message })
              : errorMessage(error),
          );
        },
      },
    );
  });

  const kind = form.values.kind;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {readOnly && (
          <Alert color="gray" icon={<IconInfoCircle size={20} aria-hidden />}>
            {t('authProviderReadOnly')}
          </Alert>
        )}
        {failure && <ErrorAlert title={t('authProviderNotSaved')}>{failure}</ErrorAlert>}
        <Fieldset variant="unstyled" disabled={readOnly} p={0} m={0}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
            <Stack gap="md">
              <Section title={t('authProviderSectionGeneral')}>
                <TextInput
                  {...fieldProps('name')}
                  label={t('name')}
                  description={t('authProviderNameHint')}
                  maxLength={FIELD_MAX}
                  autoComplete="off"
                  required
                />
                <Radio.Group
                  label={t('authProviderType')}
                  value={kind}
                  onChange={(value) => form.setFieldValue('kind', value as ProviderKind)}
                >
                  <Group gap="lg" mt="xs">
                    <Radio value="oauth" label={t('authProviderTypeOAuthOption')} />
                    <Radio value="saml" label={t('authProviderTypeSaml')} />
                  </Group>
                </Radio.Group>
                {kind === 'oauth' && (
                  <Menu position="bottom-start" withinPortal>
                    <Menu.Target>
                      <Button
                        variant="light"
                        leftSection={<IconTemplate size={18} aria-hidden />}
                        rightSection={<IconChevronDown size={16} aria-hidden />}
                        style={{ alignSelf: 'flex-start' }}
                      >
                        {t('authProviderTemplate')}
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {PROVIDER_TEMPLATES.map((choice) => (
                        <Menu.Item key={choice.id} onClick={() => applyTemplate(choice)}>
                          {choice.name}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                )}
                {kind === 'oauth' && template && (
                  <Alert
                    color="blue"
                    variant="light"
                    icon={<IconInfoCircle size={20} aria-hidden />}
                    withCloseButton
                    closeButtonLabel={t('close')}
                    onClose={() => setTemplate(null)}
                    role="status"
                  >
                    {t('authProviderTemplateApplied', { template: template.name })}
                  </Alert>
                )}
              </Section>
              {kind === 'oauth' ? (
                <OAuthFields
                  values={form.values}
                  fieldProps={fieldProps}
                  creating={creating}
                  onAuthStyleChange={(style) => form.setFieldValue('authStyle', style)}
                />
              ) : (
                <SamlFields fieldProps={fieldProps} />
              )}
            </Stack>
            <Stack gap="md">
              <RegisterSection provider={provider} kind={kind} dirty={dirty} />
              <MappingFields kind={kind} fieldProps={fieldProps} />
              <SecondFactorFields
                checked={form.values.checksSecondFactor}
                onChange={(checked) => form.setFieldValue('checksSecondFactor', checked)}
              />
              <AfterSignInFields fieldProps={fieldProps} />
            </Stack>
          </SimpleGrid>
        </Fieldset>
        {!readOnly && (
          <FormActions
            submitLabel={creating ? t('authProviderNew') : t('save')}
            submitIcon={<IconDeviceFloppy size={18} aria-hidden />}
            loading={save.isPending}
            onCancel={AUTH_PROVIDERS_PATH}
          />
        )}
      </Stack>
    </form>
  );
}
