import { Stack, Switch, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiError } from '@perch/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useSaveSettings } from '../api/setting-queries';
import { SaveBar } from '../settings/SaveBar';
import { useUnsavedChangesGuard } from '../ui/use-unsaved-changes-guard';
import {
  initialWikiValues,
  normalOrigins,
  originsProblem,
  secretProblem,
  wikiChanges,
  type WikiStored,
  type WikiValues,
} from './wiki-settings';
import { WikiSecretField } from './WikiSecretField';
import { Section } from '../../../shared/ui/Section';

/** The server refused the origins (`400 Invalid value for confluence_frame_origins`). */
const refusesOrigins = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && error.message.includes('confluence_frame_origins');

/**
 * The team wiki's settings: shared secret, anonymous visitors, wiki users on other domains, the
 * sites that may frame Perch.
 */
export function WikiSettingsForm({ stored }: { stored: WikiStored }) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const save = useSaveSettings();
  const [values, setValues] = useState<WikiValues>(() => initialWikiValues(stored));
  const [failure, setFailure] = useState<string | null>(null);
  const [originsRefused, setOriginsRefused] = useState(false);
  const set = (change: Partial<WikiValues>) => setValues((v) => ({ ...v, ...change }));

  const secretIssue = secretProblem(values.secret);
  const originsIssue = originsProblem(values.origins);
  const changes = wikiChanges(values, stored);
  const invalid = secretIssue !== null || originsIssue !== null;
  useUnsavedChangesGuard(changes.length > 0);

  const submit = () => {
    setFailure(null);
    setOriginsRefused(false);
    if (invalid || changes.length === 0) return;
    save.mutate(changes, {
      onSuccess: () => {
        setValues((v) => ({
          ...v,
          secret: '',
          origins: (normalOrigins(v.origins) ?? '').split(' ').filter(Boolean).join('\n'),
        }));
        notifications.show({ color: 'teal', message: t('wikiSettingsSaved') });
      },
      onError: (error) => {
        if (refusesOrigins(error)) setOriginsRefused(true);
        setFailure(errorMessage(error));
      },
    });
  };

  const originsError = originsIssue
    ? t(originsIssue.key, originsIssue.values)
    : originsRefused
      ? t('wikiOriginsRefused')
      : undefined;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="lg">
        <Section gap="lg" labelled="wiki-sign-in" title={t('wikiSignInSection')} intro={t('wikiSignInSectionIntro')}>
          <WikiSecretField
            secretSet={stored.secretSet}
            value={values.secret}
            onChange={(secret) => set({ secret })}
            problem={secretIssue}
          />
          <Switch
            checked={values.anonymous}
            onChange={(e) => set({ anonymous: e.currentTarget.checked })}
            label={t('wikiAnonymousLabel')}
            description={t('wikiAnonymousHint')}
          />
          <Switch
            checked={values.mapForeignDomains}
            onChange={(e) => set({ mapForeignDomains: e.currentTarget.checked })}
            label={t('wikiMapForeignDomainsLabel')}
            description={t('wikiMapForeignDomainsHint')}
          />
        </Section>
        <Section gap="lg" labelled="wiki-frame" title={t('wikiFrameSection')} intro={t('wikiFrameSectionIntro')}>
          <Textarea
            label={t('wikiOriginsLabel')}
            description={t('wikiOriginsHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder="https://wiki.example.com"
            value={values.origins}
            onChange={(e) => {
              set({ origins: e.currentTarget.value });
              setOriginsRefused(false);
            }}
            error={originsError}
            errorProps={{ role: 'alert' }}
            autosize
            minRows={3}
            maxRows={10}
            spellCheck={false}
            autoCapitalize="off"
            maw={520}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', unicodeBidi: 'plaintext' } }}
          />
        </Section>
        <SaveBar
          changeCount={changes.length}
          invalid={invalid}
          saving={save.isPending}
          failure={failure}
          onDiscard={() => {
            setValues(initialWikiValues(stored));
            setFailure(null);
            setOriginsRefused(false);
          }}
        />
      </Stack>
    </form>
  );
}
