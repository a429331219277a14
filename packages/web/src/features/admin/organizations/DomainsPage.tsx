import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { AdminPage } from '../ui/AdminPage';
import { DomainsSection } from './DomainsSection';

/** `/admin/domains`: the domains of the admin's own organisation (org admins). */
export function DomainsPage() {
  const { t } = useTranslation();
  const { user: me } = useSignedInSession();
  return (
    <AdminPage title={t('navAdminDomains')} description={t('adminDomainsDescription')}>
      <DomainsSection orgId={me.organizationId} />
    </AdminPage>
  );
}
