import { Loader, Overlay, Paper, Portal, Stack, Text } from '@mantine/core';
import { useGlobalLoading } from '../lib/global-loading';
import { useLanguage } from '../lib/i18n/language-store';
import { LOADING_LABEL } from '../lib/i18n/languages';

/** Covers the whole screen, dialogs included, while the global loading flag is set. */
export function GlobalLoadingOverlay() {
  const isLoading = useGlobalLoading();
  const language = useLanguage();
  if (!isLoading) return null;
  return (
    <Portal>
      <Overlay fixed center zIndex={1000} backgroundOpacity={0.35} data-testid="global-loading">
        <Paper p="lg" radius="md" shadow="md" role="status" aria-live="polite">
          <Stack align="center" gap="xs">
            <Loader aria-hidden />
            <Text>{LOADING_LABEL[language]}</Text>
          </Stack>
        </Paper>
      </Overlay>
    </Portal>
  );
}
