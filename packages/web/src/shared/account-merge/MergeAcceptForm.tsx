import { Alert, Button, Checkbox, Group, List, PasswordInput, Stack, Text } from '@mantine/core';
import type { MergeRequest } from '@perch/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../app/session/session-context';
import type { Message, MessageKey } from '../../i18n';
import { acceptMergeErrorMessage } from './merge-errors';
import { useAcceptMerge } from './merge-queries';
import { ErrorAlert } from '../ui/ErrorAlert';

/** What moves, in the order the dialog lists it. */
const MOVES: readonly { count: keyof MergeRequest['moves']; key: MessageKey }[] = [
  { count: 'bookings', key: 'mergeMovesBookings' },
  { count: 'series', key: 'mergeMovesSeries' },
  { count: 'buddies', key: 'mergeMovesBuddies' },
  { count: 'groups', key: 'mergeMovesGroups' },
];

interface MergeAcceptFormProps {
  request: MergeRequest;
  onAccepted: () => void;
  onCancel: () => void;
}

/**
 * Accepting a merge request: who asks, what moves to this account, whether the wiki identity
 * comes along (off unless ticked: the wiki's sign-ins as it would then open this account), and
 * the password to confirm it is the owner at the keyboard (an account without one confirms by a
 * recent sign-in, which the server checks).
 */
export function MergeAcceptForm({ request, onAccepted, onCancel }: MergeAcceptFormProps) {
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  const withPassword = user.requirePassword;
  const accept = useAcceptMerge();
  const [password, setPassword] = useState('');
  const [moveWikiIdentity, setMoveWikiIdentity] = useState(false);
  const [missingPassword, setMissingPassword] = useState(false);
  const [failure, setFailure] = useState<Message | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const moving = MOVES.filter(({ count }) => request.moves[count] > 0);
  const email = request.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (withPassword && !password) {
      setMissingPassword(true);
      passwordInput.current?.focus();
      return;
    }
    accept.mutate(
      {
        request,
        confirmation: {
          ...(withPassword ? { password } : {}),
          ...(request.wikiIdentity ? { moveWikiIdentity } : {}),
        },
      },
      {
        onSuccess: onAccepted,
        onError: (error) => {
          setFailure(acceptMergeErrorMessage(error, withPassword));
          if (withPassword) {
            setPassword('');
            passwordInput.current?.focus();
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          {t('mergeAcceptAsks', { email })} {t('mergeAcceptRemoved', { email })}
        </Text>
        <Stack gap={4}>
          <Text fz="sm" fw={600}>
            {t('mergeMovesTitle')}
          </Text>
          {moving.length > 0 ? (
            <List fz="sm" spacing={2} aria-label={t('mergeMovesTitle')}>
              {moving.map(({ count, key }) => (
                <List.Item key={count}>{t(key, { count: request.moves[count] })}</List.Item>
              ))}
            </List>
          ) : (
            <Text fz="sm">{t('mergeMovesNothing')}</Text>
          )}
        </Stack>
        {request.wikiIdentity && (
          <Checkbox
            checked={moveWikiIdentity}
            onChange={(e) => setMoveWikiIdentity(e.currentTarget.checked)}
            label={t('mergeMoveWikiIdentity', { identity: request.wikiIdentity })}
            description={t('mergeMoveWikiIdentityHint', { identity: request.wikiIdentity })}
          />
        )}
        {failure && <ErrorAlert compact>{t(failure.key, failure.values)}</ErrorAlert>}
        {withPassword ? (
          <PasswordInput
            ref={passwordInput}
            label={t('mergeConfirmPassword')}
            description={t('mergeConfirmPasswordHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setMissingPassword(false);
            }}
            error={missingPassword ? t('errorRequired') : undefined}
            errorProps={{ role: 'alert' }}
            required
            data-autofocus
          />
        ) : (
          <Alert role="note" color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('mergeConfirmRecentSignIn')}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} data-autofocus={withPassword ? undefined : true}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={accept.isPending}>
            {t('mergeAcceptConfirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
