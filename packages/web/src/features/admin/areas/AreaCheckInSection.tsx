import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { Section } from '../../../shared/ui/Section';
import { inheritedCheckIn } from '../ui/check-in-policy';
import { CheckInPolicyFields } from '../ui/CheckInPolicyFields';
import type { AreaFormValues } from './area-form';

/**
 * The area's own check-in policy. Each field left at "Organisation's" takes the organisation's
 * value, which the field names, so an admin sees where the value comes from.
 */
export function AreaCheckInSection({ form }: { form: UseFormReturnType<AreaFormValues> }) {
  const { t } = useTranslation();
  const { settings } = useSignedInSession();
  const inherited = useMemo(() => inheritedCheckIn(settings), [settings]);

  return (
    <Section title={t('settingsCheckInSection')} intro={t('areaCheckInIntro')}>
      <CheckInPolicyFields
        values={form.values}
        inherited={inherited}
        errors={form.errors}
        onChange={(field, value) => form.setFieldValue(field, value)}
        cols={{ base: 1, sm: 2 }}
      />
    </Section>
  );
}
