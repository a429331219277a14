import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The quiet "Back" of a sign-in step, at the start of its line (the arrow turns in right-to-left). */
export function StepBackButton({ onClick, label }: { onClick: () => void; label?: string }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      style={{ alignSelf: 'flex-start' }}
      leftSection={<IconArrowLeft size={16} aria-hidden className="mirror-in-rtl" />}
      onClick={onClick}
    >
      {label ?? t('back')}
    </Button>
  );
}
