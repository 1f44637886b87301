import { Center, Loader, Stack, Text } from '@mantine/core';
import { useLanguage } from '../lib/i18n/language-store';
import { LOADING_LABEL } from '../lib/i18n/languages';

/** The loading screen: a spinner with 'Loading...', in the customer's language on a public screen. */
export function Loading({ fullScreen = false }: { fullScreen?: boolean }) {
  const language = useLanguage();
  return (
    <Center h={fullScreen ? '100vh' : 240} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text c="dimmed">{LOADING_LABEL[language]}</Text>
      </Stack>
    </Center>
  );
}
