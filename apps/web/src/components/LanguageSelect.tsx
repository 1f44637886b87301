import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { chooseLanguage, useChosenLanguage, useLanguage } from '../lib/i18n/language-store';
import { LANGUAGES, LANGUAGE_MENU_LABEL, LANGUAGE_NAMES, isLanguage } from '../lib/i18n/languages';

/**
 * The language menu of a public screen: each language named in itself (and marked as that
 * language for screen readers), small enough for a phone's header.
 */
export function LanguageSelect() {
  const chosen = useChosenLanguage();
  const shown = useLanguage();
  return (
    <NativeSelect
      aria-label={LANGUAGE_MENU_LABEL[shown]}
      value={chosen}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) chooseLanguage(value);
      }}
      leftSection={<IconLanguage size={16} aria-hidden />}
      size="xs"
      w={120}
      data-testid="language-select"
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </NativeSelect>
  );
}
