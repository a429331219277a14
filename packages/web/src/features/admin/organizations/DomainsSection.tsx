import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError } from '@perch/client';
import type { Domain } from '@perch/contract';
import { isSuperAdmin } from '@perch/contract/values';
import { IconAlertTriangle, IconCircleCheck, IconPlus, IconStar, IconTrash, IconWorldWww } from '@tabler/icons-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import type { MessageKey } from '../../../i18n';
import { timePrefsFrom } from '../../../shared/time/time-prefs';
import { userZone } from '../../../shared/time/wall-time';
import { useAddDomain, useDomains, useRemoveDomain, useSetPrimaryDomain } from '../api/organization-queries';
import { formatInstant } from '../audit/sign-in-log';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { RowAction } from '../../../shared/ui/RowAction';
import { useConfirm } from '../../../shared/ui/use-confirm';
import { DomainVerification } from './DomainVerification';
import { normaliseDomain, validateDomain } from './organization-form';
import { DataTable } from '../../../shared/ui/DataTable';
import { RowActions, RowActionsHeader } from '../../../shared/ui/RowActions';

/** The longest domain name (RFC 1035, and `isDomainName`). */
const DOMAIN_MAX = 253;

/** What the last action came to, said above the list until the next one. */
interface Feedback {
  ok: boolean;
  message: string;
}

/** Primary first, then active ones, then by name. */
function domainOrder(a: Domain, b: Domain): number {
  if (a.primary !== b.primary) return a.primary ? -1 : 1;
  if (a.active !== b.active) return a.active ? -1 : 1;
  return a.domain.localeCompare(b.domain);
}

const badge = { style: { textTransform: 'none' } } as const;

function StatusBadges({ domain }: { domain: Domain }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      {domain.active ? (
        <Badge variant="light" color="teal" {...badge}>
          {t('domainActive')}
        </Badge>
      ) : (
        <Badge variant="light" color="yellow" {...badge}>
          {t('domainPending')}
        </Badge>
      )}
      {domain.primary && (
        <Badge variant="filled" color="blue" {...badge}>
          {t('domainPrimary')}
        </Badge>
      )}
    </Group>
  );
}

/** Whether the domain answered the server's reachability probe, and when it was asked last. */
function Reachability({ domain, formatTime }: { domain: Domain; formatTime: (iso: string) => string }) {
  const { t } = useTranslation();
  if (!domain.active)
    return (
      <Text fz="sm" c="dimmed">
        {t('domainReachabilityPending')}
      </Text>
    );
  if (!domain.accessCheck)
    return (
      <Badge variant="light" color="gray" {...badge}>
        {t('domainNotChecked')}
      </Badge>
    );
  return (
    <Stack gap={2}>
      <div>
        <Badge variant="light" color={domain.accessible ? 'teal' : 'red'} {...badge}>
          {t(domain.accessible ? 'domainReachable' : 'domainNotReachable')}
        </Badge>
      </div>
      <Text fz="xs" c="dimmed">
        {t('domainLastCheck', { time: formatTime(domain.accessCheck) })}
      </Text>
    </Stack>
  );
}

function AddDomainForm({ orgId, onAdded }: { orgId: string; onAdded: (message: string) => void }) {
  const { t } = useTranslation();
  const { user: me } = useSignedInSession();
  const add = useAddDomain(orgId);
  const errorMessage = useApiErrorMessage();
  const [failure, setFailure] = useState<{ domain: string; message: string } | null>(null);
  const form = useForm({ initialValues: { domain: '' }, validate: { domain: validateDomain } });
  const fieldError = form.errors.domain;

  const submit = form.onSubmit(({ domain: typed }) => {
    const domain = normaliseDomain(typed);
    setFailure(null);
    add.mutate(domain, {
      onSuccess: () => {
        form.reset();
        // Super admins' domains are active at once; an org admin's wait for the DNS check.
        onAdded(t(isSuperAdmin(me.role) ? 'domainAddedActive' : 'domainAddedPending', { domain }));
      },
      onError: (error) => {
        const message =
          error instanceof ApiError && error.status === 400
            ? t('domainErrorInvalid')
            : error instanceof ApiError && error.status === 409
              ? t('domainErrorInUse', { domain })
              : errorMessage(error);
        setFailure({ domain: typed, message });
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          {...form.getInputProps('domain')}
          error={
            fieldError
              ? t(fieldError as MessageKey)
              : failure?.domain === form.values.domain
                ? failure.message
                : undefined
          }
          errorProps={{ role: 'alert' }}
          label={t('domainName')}
          placeholder={t('domainAddPlaceholder')}
          maxLength={DOMAIN_MAX}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          w={{ base: '100%', xs: 320 }}
        />
        <Button
          type="submit"
          mt={{ base: 0, xs: 25 }}
          loading={add.isPending}
          leftSection={<IconPlus size={18} aria-hidden />}
        >
          {t('domainAdd')}
        </Button>
      </Group>
    </form>
  );
}

interface DomainsSectionProps {
  orgId: string;
  /** A heading of its own (on an organisation's page); the domains page has the page title. */
  title?: string;
}

/**
 * An organisation's domains: their state, adding one, the DNS record that verifies a pending one,
 * choosing the primary one and removing one (never the last).
 */
export function DomainsSection({ orgId, title }: DomainsSectionProps) {
  const { t, i18n } = useTranslation();
  const { preferences } = useSignedInSession();
  const domains = useDomains(orgId);
  const setPrimary = useSetPrimaryDomain(orgId);
  const remove = useRemoveDomain(orgId);
  const confirmDelete = useConfirm();
  const errorMessage = useApiErrorMessage();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const lastOneId = useId();
  const headingId = useId();
  const prefs = useMemo(() => timePrefsFrom(preferences), [preferences]);
  const zone = userZone(preferences.timezone);
  const formatTime = (iso: string) => formatInstant(iso, zone, prefs, i18n.language);

  const rows = useMemo(() => [...(domains.data ?? [])].sort(domainOrder), [domains.data]);
  const pending = rows.filter((d) => !d.active);
  const onlyOne = rows.length === 1;
  const done = (message: string) => setFeedback({ ok: true, message });
  const failed = (message: string) => setFeedback({ ok: false, message });

  const makePrimary = (domain: string) => {
    setFeedback(null);
    setPrimary.mutate(domain, {
      onSuccess: () => done(t('domainMadePrimary', { domain })),
      onError: (error) =>
        failed(error instanceof ApiError && error.status === 400 ? t('domainPrimaryInactive') : errorMessage(error)),
    });
  };

  const askRemove = (domain: string) =>
    confirmDelete({
      title: t('domainRemoveQuestion', { domain }),
      message: t('domainRemoveBody', { domain }),
      confirmLabel: t('domainRemoveConfirm'),
      onConfirm: () => {
        setFeedback(null);
        remove.mutate(domain, {
          onSuccess: () => done(t('domainRemoved', { domain })),
          onError: (error) =>
            failed(error instanceof ApiError && error.status === 400 ? t('domainLastOne') : errorMessage(error)),
        });
      },
    });

  let body: ReactNode;
  if (domains.isPending) body = <Skeleton h={120} radius="lg" />;
  else if (domains.isError) body = <QueryFailure error={domains.error} onRetry={() => void domains.refetch()} />;
  else
    body = (
      <>
        {rows.length === 0 ? (
          <EmptyState
            Icon={IconWorldWww}
            title={t('domainsEmptyTitle')}
            body={t('domainsEmptyBody')}
            headingOrder={title ? 3 : 2}
          />
        ) : (
          <DataTable
            minWidth={560}
            aria-label={t('navAdminDomains')}
            head={
              <>
                <Table.Th>{t('domainName')}</Table.Th>
                <Table.Th>{t('domainColumnStatus')}</Table.Th>
                <Table.Th>{t('domainColumnReachability')}</Table.Th>
                <RowActionsHeader width={100} />
              </>
            }
          >
            {rows.map((d) => (
              <Table.Tr key={d.domain}>
                <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {d.domain}
                </Table.Td>
                <Table.Td>
                  <StatusBadges domain={d} />
                </Table.Td>
                <Table.Td>
                  <Reachability domain={d} formatTime={formatTime} />
                </Table.Td>
                <RowActions name={d.domain}>
                  {d.active && !d.primary && (
                    <RowAction
                      label={t('domainMakePrimary', { domain: d.domain })}
                      Icon={IconStar}
                      onClick={() => makePrimary(d.domain)}
                    />
                  )}
                  {onlyOne ? (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled
                      aria-label={t('domainRemove', { domain: d.domain })}
                      aria-describedby={lastOneId}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  ) : (
                    <RowAction
                      label={t('domainRemove', { domain: d.domain })}
                      Icon={IconTrash}
                      danger
                      onClick={() => askRemove(d.domain)}
                    />
                  )}
                </RowActions>
              </Table.Tr>
            ))}
          </DataTable>
        )}
        {onlyOne && (
          <Text fz="sm" c="dimmed" id={lastOneId}>
            {t('domainLastOne')}
          </Text>
        )}
        {pending.length > 0 && (
          <Stack gap="sm">
            <Text fz="sm" fw={600}>
              {t('domainsPendingCount', { count: pending.length })}
            </Text>
            {pending.map((d) => (
              <DomainVerification key={d.domain} orgId={orgId} domain={d} onVerified={done} />
            ))}
          </Stack>
        )}
        <AddDomainForm orgId={orgId} onAdded={done} />
      </>
    );

  const content = (
    <Stack gap="md">
      {feedback && (
        <Alert
          color={feedback.ok ? 'teal' : 'red'}
          icon={feedback.ok ? <IconCircleCheck size={20} aria-hidden /> : <IconAlertTriangle size={20} aria-hidden />}
          role={feedback.ok ? 'status' : 'alert'}
          withCloseButton
          closeButtonLabel={t('close')}
          onClose={() => setFeedback(null)}
        >
          {feedback.message}
        </Alert>
      )}
      {body}
    </Stack>
  );
  if (!title) return content;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId}>
      <Title order={2} fz="h4" id={headingId}>
        {title}
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        {t('domainsIntro')}
      </Text>
      {content}
    </Paper>
  );
}
