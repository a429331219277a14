import { Alert, MultiSelect, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ApiError } from '@perch/client';
import type { Group as UserGroup, Role as RoleNumber, User } from '@perch/contract';
import { ErrorCode, isServiceAccount } from '@perch/contract/values';
import { IconDeviceFloppy, IconMailPause } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignedInSession } from '../../../app/session/session-context';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import type { MessageKey } from '../../../i18n';
import { useMailDelivery } from '../api/mail-outbox-queries';
import { useSaveUser } from '../api/user-queries';
import { useUnsavedChangesGuard } from '../ui/use-unsaved-changes-guard';
import { PasswordField } from './PasswordField';
import { mayChangeRole, ROLE_DESCRIPTIONS, ROLE_LABELS, roleOptions } from './role-rules';
import {
  EMAIL_MAX,
  fullName,
  membershipChanges,
  NAME_MAX,
  userFormValues,
  userSaveBody,
  validateEmail,
  validateName,
  validatePassword,
  type SignInChoice,
  type UserFormValues,
} from './user-form';
import { Section } from '../../../shared/ui/Section';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { FormActions } from '../../../shared/ui/FormActions';
import { NameFields } from '../ui/NameFields';

interface UserFormProps {
  /** The person to edit; null for a new one. */
  user: User | null;
  groups: readonly UserGroup[];
  memberOf: readonly string[];
}

/** Name, email, role, groups and sign-in of one person. A taken email (409/3001) is said at the field. */
export function UserForm({ user, groups, memberOf }: UserFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user: me } = useSignedInSession();
  const save = useSaveUser();
  const errorMessage = useApiErrorMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ email: string; message: string } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const form = useForm<UserFormValues>({
    initialValues: userFormValues(user, memberOf),
    validate: {
      email: validateEmail,
      firstname: validateName,
      lastname: validateName,
      password: validatePassword,
    },
  });
  useUnsavedChangesGuard(form.isDirty() && !leaving);
  useEffect(() => {
    if (leaving) navigate('/admin/users');
  }, [leaving, navigate]);

  const isSelf = user !== null && user.id === me.id;
  const roleLocked = !mayChangeRole(me, user);
  const roles = roleOptions(me, user).map((role) => ({ value: String(role), label: t(ROLE_LABELS[role]) }));
  const groupOptions = groups.map((g) => ({ value: g.id, label: g.name }));
  const errorOf = (field: keyof UserFormValues): string | undefined => {
    const error = form.errors[field];
    return typeof error === 'string' ? t(error as MessageKey) : undefined;
  };
  // Service accounts never sign in with a password of their own choosing: no invitation for them.
  const signInChoices: SignInChoice[] = (
    user ? (['keep', 'password', 'invitation'] as const) : (['password', 'invitation'] as const)
  ).filter((choice) => choice !== 'invitation' || !isServiceAccount(form.values.role));
  const delivery = useMailDelivery(!isSelf);
  // A new invitation, or the one already waiting for this person, goes out only when mail is delivered.
  const invitationMayWait =
    form.values.signIn === 'invitation' || (form.values.signIn === 'keep' && user?.passwordPending === true);
  const changeRole = (role: RoleNumber) => {
    form.setFieldValue('role', role);
    if (isServiceAccount(role) && form.values.signIn === 'invitation')
      form.setFieldValue('signIn', user ? 'keep' : 'password');
  };

  const submit = form.onSubmit((values) => {
    setFailure(null);
    save.mutate(
      { id: user?.id, body: userSaveBody(values), groups: membershipChanges(memberOf, values.groupIds) },
      {
        onSuccess: () => {
          const name = fullName(values) || values.email.trim();
          notifications.show({ color: 'teal', message: t(user ? 'userSaved' : 'userCreated', { name }) });
          setLeaving(true);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.appCode === ErrorCode.UserAlreadyExists) {
            setConflict({ email: values.email, message: errorMessage(error) });
          } else {
            setFailure(errorMessage(error));
          }
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && <ErrorAlert title={t('userNotSaved')}>{failure}</ErrorAlert>}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
          <Stack gap="md">
            <Section title={t('userPersonSection')}>
              <NameFields inputProps={form.getInputProps} errorOf={errorOf} maxLength={NAME_MAX} autoFocus />
              <TextInput
                {...form.getInputProps('email')}
                error={errorOf('email') ?? (conflict?.email === form.values.email ? conflict.message : undefined)}
                errorProps={{ role: 'alert' }}
                label={t('emailAddress')}
                type="email"
                maxLength={EMAIL_MAX}
                autoComplete="off"
                required
              />
            </Section>
            <Section title={t('userAccessSection')}>
              <Select
                label={t('userRole')}
                data={roles}
                value={String(form.values.role)}
                onChange={(value) => value !== null && changeRole(Number(value) as RoleNumber)}
                allowDeselect={false}
                disabled={roleLocked}
                description={isSelf ? t('roleOwnLocked') : t(ROLE_DESCRIPTIONS[form.values.role])}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
              />
              <MultiSelect
                {...form.getInputProps('groupIds')}
                label={t('navAdminGroups')}
                description={t('userGroupsHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder={groupOptions.length ? t('chooseGroups') : t('noGroupsYet')}
                data={groupOptions}
                disabled={groupOptions.length === 0}
                searchable
                clearable
                nothingFoundMessage={t('noResults')}
              />
            </Section>
          </Stack>
          <Section title={t('userSignInSection')}>
            {isSelf ? (
              <Text c="dimmed" fz="sm">
                {t('ownSignInHint')}
              </Text>
            ) : (
              <>
                <Radio.Group
                  {...form.getInputProps('signIn')}
                  label={t('signInMethod')}
                  description={user?.passwordPending ? t('invitationPendingHint') : undefined}
                >
                  <Stack gap="sm" mt="xs">
                    {signInChoices.map((choice) => (
                      <Radio
                        key={choice}
                        value={choice}
                        label={t(`signInChoice_${choice}`)}
                        description={t(`signInChoiceHint_${choice}`)}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
                {invitationMayWait && delivery.data?.configured === false && (
                  <Alert color="yellow" variant="light" icon={<IconMailPause size={20} aria-hidden />}>
                    {t('invitationDeliveryWarning')}
                  </Alert>
                )}
                {form.values.signIn === 'password' && (
                  <PasswordField
                    label={user ? t('newPassword') : t('password')}
                    value={form.values.password}
                    onChange={(value) => form.setFieldValue('password', value)}
                    error={errorOf('password')}
                  />
                )}
              </>
            )}
          </Section>
        </SimpleGrid>
        <FormActions
          submitLabel={user ? t('save') : t('createUser')}
          submitIcon={<IconDeviceFloppy size={18} aria-hidden />}
          loading={save.isPending}
          onCancel="/admin/users"
        />
      </Stack>
    </form>
  );
}
