import { Box, Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, pickLanguage } from '../../i18n';

interface LanguageMenuProps {
  /** Show the current language's name beside the icon on narrow screens too. */
  alwaysShowName?: boolean;
}

/** Lists every language by its own name; the choice is remembered in local storage. */
export function LanguageMenu({ alwaysShowName = false }: LanguageMenuProps) {
  const { t, i18n } = useTranslation();
  const current = pickLanguage(i18n.language, []);
  const currentName = LANGUAGES.find((l) => l.code === current)?.name ?? current;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          leftSection={<IconLanguage size={20} stroke={1.6} aria-hidden />}
          aria-label={`${t('language')}: ${currentName}`}
          title={t('language')}
        >
          <Box component="span" visibleFrom={alwaysShowName ? undefined : 'md'}>
            {currentName}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language')}</Menu.Label>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language.code}
            lang={language.code}
            dir="auto"
            onClick={() => void changeLanguage(language.code)}
            rightSection={language.code === current ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={language.code === current ? 'true' : undefined}
          >
            {language.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
