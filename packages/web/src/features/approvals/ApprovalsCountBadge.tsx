import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePendingApprovalsCount } from './api/approval-queries';

/** The number of bookings waiting for approval, beside the navigation entry. */
export function ApprovalsCountBadge() {
  const { t } = useTranslation();
  const count = usePendingApprovalsCount(true);
  if (!count.data) return null;
  return (
    <Badge size="sm" color="red" variant="filled" circle aria-label={t('pendingApprovalsCount', { num: count.data })}>
      {count.data > 99 ? '99+' : count.data}
    </Badge>
  );
}
