import { Alert, List, Loader, Group, Text } from '@mantine/core';
import type { PrecheckResult } from '@perch/contract';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { appCodeMessage } from '../../../app/api-error-message';
import { useSignedInSession } from '../../../app/session/session-context';
import { formatRange } from '../../../shared/time/format-time';
import type { TimePrefs } from '../../../shared/time/time-prefs';
import { fromApiTime } from '../../../shared/time/wall-time';

interface PrecheckSummaryProps {
  results: readonly PrecheckResult[] | undefined;
  loading: boolean;
  prefs: TimePrefs;
  dailyBasis: boolean;
}

/** "{numErr} of {numTotal} occurrences are not available", with each one and why. */
export function PrecheckSummary({ results, loading, prefs, dailyBasis }: PrecheckSummaryProps) {
  const { t, i18n } = useTranslation();
  const { settings } = useSignedInSession();
  if (loading && !results)
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text fz="sm">{t('checkingOccurrences')}</Text>
      </Group>
    );
  if (!results) return null;
  const failed = results.filter((r) => !r.success);
  const free = results.length - failed.length;
  if (results.length === 0)
    return (
      <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} role="status">
        {t('noOccurrences')}
      </Alert>
    );
  if (failed.length === 0)
    return (
      <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status">
        {t('allOccurrencesAvailable', { num: results.length })}
      </Alert>
    );
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('recurrenceAvailabilityError', { numErr: failed.length, numTotal: results.length })}
      role="status"
    >
      <List size="sm" spacing={2} mb="xs">
        {failed.map((r) => {
          const message = appCodeMessage(r.errorCode ?? 0, settings);
          return (
            <List.Item key={r.enter}>
              {formatRange(fromApiTime(r.enter), fromApiTime(r.leave), prefs, i18n.language, dailyBasis)}:{' '}
              {t(message.key, message.values)}
            </List.Item>
          );
        })}
      </List>
      <Text fz="sm">{free > 0 ? t('bookAvailableAnyway', { num: free }) : t('noOccurrenceAvailable')}</Text>
    </Alert>
  );
}
