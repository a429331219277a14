import { Alert, Button, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ApiError } from '@perch/client';
import type { Organization, OrgLanguage } from '@perch/contract';
import { isSuperAdmin } from '@perch/contract/values';
import { IconDeviceFloppy, IconMailForward } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession, useSignedInSession } from '../../../app/session/session-context';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import type { MessageKey } from '../../../i18n';
import { useSaveOrganization } from '../api/organization-queries';
import { useUnsavedChangesGuard } from '../ui/use-unsaved-changes-guard';
import { validateName } from '../users/user-form';
import { EmailCodeModal } from './EmailCodeModal';
import {
  CONTACT_NAME_MAX,
  languageOptions,
  ORG_EMAIL_MAX,
  ORG_NAME_MAX,
  organizationFormValues,
  organizationSaveBody,
  validateContactEmail,
  validateOrgName,
  type OrganizationFormValues,
} from './organization-form';
import { Section } from '../../../shared/ui/Section';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { FormActions } from '../../../shared/ui/FormActions';
import { NameFields } from '../ui/NameFields';

/** A change of the contact email that waits for the code mailed to the new address. */
interface PendingEmail {
  uuid: string;
  email: string;
}

interface OrganizationFormProps {
  /** The organisation to change; null to create one. */
  org: Organization | null;
}

/**
 * Name, language and contact person of an organisation. A super admin's change of the contact
 * email applies at once; an org admin's waits for the code mailed to the new address, and the
 * field keeps showing the address in force until then.
 */
export function OrganizationForm({ org }: OrganizationFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user: me } = useSignedInSession();
  const { completeSignIn } = useSession();
  const save = useSaveOrganization();
  const errorMessage = useApiErrorMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingEmail | null>(null);
  const [askingCode, setAskingCode] = useState(false);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const form = useForm<OrganizationFormValues>({
    initialValues: organizationFormValues(org, i18n.language),
    validate: {
      name: validateOrgName,
      firstname: validateName,
      lastname: validateName,
      email: validateContactEmail,
    },
  });
  useUnsavedChangesGuard(form.isDirty() && !createdId);
  useEffect(() => {
    if (createdId) navigate(`/admin/organizations/${createdId}`);
  }, [createdId, navigate]);

  const errorOf = (field: keyof OrganizationFormValues): string | undefined => {
    const error = form.errors[field];
    return typeof error === 'string' ? t(error as MessageKey, { count: ORG_EMAIL_MAX }) : undefined;
  };
  const own = org !== null && org.id === me.organizationId;
  const emailWaitsForCode = org !== null && !isSuperAdmin(me.role);

  /** The header shows the signed-in user's organisation: load it again after a change of it. */
  const refreshOwnOrganization = () => {
    if (own) completeSignIn().catch(() => undefined);
  };

  /** What the form holds once saved: the email stays the one in force while a change waits for its code. */
  const settle = (values: OrganizationFormValues) => {
    form.setValues(values);
    form.resetDirty(values);
  };

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const body = organizationSaveBody(values);
    save.mutate(
      { id: org?.id, body },
      {
        onSuccess: ({ id, verifyUuid }) => {
          if (!org) {
            notifications.show({ color: 'teal', message: t('orgCreated', { name: body.name }) });
            setCreatedId(id);
            return;
          }
          refreshOwnOrganization();
          if (verifyUuid) {
            settle({ ...values, ...body, email: org.email });
            setPending({ uuid: verifyUuid, email: body.email });
            setAskingCode(true);
            notifications.show({ color: 'teal', message: t('orgSavedEmailPending') });
          } else {
            settle({ ...values, ...body });
            notifications.show({ color: 'teal', message: t('orgSaved', { name: body.name }) });
          }
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) setFailure(t('orgErrorInvalid'));
          else if (error instanceof ApiError && error.status === 409) setFailure(t('orgErrorConflict'));
          else setFailure(errorMessage(error));
        },
      },
    );
  });

  const verified = () => {
    if (!pending) return;
    const email = pending.email;
    setAskingCode(false);
    setPending(null);
    // Only the email changes; anything typed meanwhile in other fields stays as it is.
    form.setFieldValue('email', email);
    form.resetDirty({ ...form.getValues(), email });
    refreshOwnOrganization();
    notifications.show({ color: 'teal', message: t('orgEmailVerified', { email }) });
  };

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && <ErrorAlert title={t('orgNotSaved')}>{failure}</ErrorAlert>}
          {pending && !askingCode && (
            <Alert
              color="blue"
              icon={<IconMailForward size={20} aria-hidden />}
              title={t('orgEmailPendingTitle')}
              role="status"
            >
              {t('orgEmailPending', { email: pending.email })}
              <div>
                <Button variant="light" size="compact-sm" mt="sm" onClick={() => setAskingCode(true)}>
                  {t('orgEmailEnterCode')}
                </Button>
              </div>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
            <Section title={t('orgDetailsSection')}>
              <TextInput
                {...form.getInputProps('name')}
                error={errorOf('name')}
                errorProps={{ role: 'alert' }}
                label={t('orgName')}
                maxLength={ORG_NAME_MAX}
                autoComplete="organization"
                required
                data-autofocus
              />
              <NativeSelect
                label={t('language')}
                description={t('orgLanguageHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                value={form.values.language}
                onChange={(e) => form.setFieldValue('language', e.currentTarget.value as OrgLanguage)}
                data={languageOptions()}
              />
            </Section>
            <Section title={t('orgContactSection')}>
              <NameFields inputProps={form.getInputProps} errorOf={errorOf} maxLength={CONTACT_NAME_MAX} />
              <TextInput
                {...form.getInputProps('email')}
                error={errorOf('email')}
                errorProps={{ role: 'alert' }}
                label={t('orgContactEmail')}
                description={emailWaitsForCode ? t('orgContactEmailHint') : undefined}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                type="email"
                maxLength={ORG_EMAIL_MAX}
                autoComplete="off"
                required
              />
            </Section>
          </SimpleGrid>
          <FormActions
            submitLabel={org ? t('save') : t('create')}
            submitIcon={<IconDeviceFloppy size={18} aria-hidden />}
            loading={save.isPending}
            disabled={org !== null && !form.isDirty()}
          />
        </Stack>
      </form>
      {/* Outside the form: a portal's submit would still bubble to it through React. */}
      {org && pending && askingCode && (
        <EmailCodeModal
          orgId={org.id}
          uuid={pending.uuid}
          newEmail={pending.email}
          currentEmail={org.email}
          onVerified={verified}
          onClose={() => setAskingCode(false)}
        />
      )}
    </>
  );
}
