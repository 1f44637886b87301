import { Group } from '@mantine/core';
import { Logo } from '../../../components/Logo';
import { LanguageSelect } from '../../../components/LanguageSelect';

/** The top of a public step page: the organisation's logo, and the language menu at the other end. */
export function PublicHeader() {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Logo clientLogo />
      <LanguageSelect />
    </Group>
  );
}
