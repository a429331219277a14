import { ActionIcon, Menu, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n';

const SCHEMES: readonly { value: MantineColorScheme; label: MessageKey; Icon: typeof IconSun }[] = [
  { value: 'light', label: 'colorSchemeLight', Icon: IconSun },
  { value: 'dark', label: 'colorSchemeDark', Icon: IconMoon },
  { value: 'auto', label: 'colorSchemeAuto', Icon: IconDeviceDesktop },
];

/** Light, dark or follow the system; Mantine keeps the choice in local storage. */
export function ColorSchemeMenu() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const CurrentIcon = SCHEMES.find((s) => s.value === colorScheme)?.Icon ?? IconDeviceDesktop;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('colorScheme')} title={t('colorScheme')}>
          <CurrentIcon size={20} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('colorScheme')}</Menu.Label>
        {SCHEMES.map(({ value, label, Icon }) => (
          <Menu.Item
            key={value}
            leftSection={<Icon size={16} aria-hidden />}
            rightSection={value === colorScheme ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={value === colorScheme ? 'true' : undefined}
            onClick={() => setColorScheme(value)}
          >
            {t(label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
