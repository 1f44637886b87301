import type { ReactNode } from 'react';
import { DirectionProvider, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TOAST_DURATION_MS } from '@sanad/contracts/constants';
import { ApiError } from '../lib/api-client';
import { useDisplaySettings } from '../lib/display-settings';
import { useLanguage } from '../lib/i18n/language-store';
import { CLOSE_LABEL, REMOVE_LABEL } from '../lib/i18n/languages';
import { buildTheme } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again; network and server errors get one retry.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

// Mantine's default dimmed grey reaches only 3.3:1 on white and its placeholder grey 2.1:1; these
// keep secondary text and the placeholders that say what a field expects at WCAG AA (4.5:1). Its
// error red (red 6: the message under every invalid field, and text coloured red) reaches 3.3:1;
// red 9, which its error alerts already use, reads 5.5:1 on white.
const resolveCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

// The public flows speak Arabic and Urdu right to left; the direction is set on <html> by the
// root layout (lib/i18n/PublicLanguage) and Mantine's components follow it from here.
export function Providers({ children }: { children: ReactNode }) {
  const settings = useDisplaySettings();
  const language = useLanguage();
  const theme = buildTheme(settings, { close: CLOSE_LABEL[language], remove: REMOVE_LABEL[language] });
  return (
    <DirectionProvider>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={resolveCssVariables}>
        <Notifications position="bottom-right" autoClose={TOAST_DURATION_MS} limit={4} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
