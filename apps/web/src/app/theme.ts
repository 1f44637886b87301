import {
  Badge,
  createTheme,
  DEFAULT_THEME,
  Drawer,
  FileInput,
  Modal,
  Notification,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import type { DisplaySettings as TDisplaySettings } from '@sanad/contracts/branding-defaults';

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function mix(from: [number, number, number], to: [number, number, number], amount: number): [number, number, number] {
  return [0, 1, 2].map((index) => (from[index] ?? 0) + ((to[index] ?? 0) - (from[index] ?? 0)) * amount) as [number, number, number];
}

/** Ten shades around one brand colour, the base at index 6 where Mantine reads the primary shade. */
export function shadesOf(hex: string): MantineColorsTuple {
  const base = parseHex(hex);
  const white: [number, number, number] = [255, 255, 255];
  const black: [number, number, number] = [0, 0, 0];
  const lighter = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18].map((amount) => toHex(mix(base, white, amount)));
  const darker = [0.14, 0.28, 0.42].map((amount) => toHex(mix(base, black, amount)));
  return [...lighter, hex.toLowerCase(), ...darker] as unknown as MantineColorsTuple;
}

/**
 * The four brand colours drive the theme: primary is Mantine's primary colour (buttons, links, the
 * active navigation), secondary the accent palette (badges, highlights), light the page background
 * (the lightest grey, behind every card of the shell and the sign-in and public pages) and dark the
 * text colour.
 */
/** The names the theme gives Mantine's unlabelled buttons, in the language on screen. */
export interface ThemeLabels {
  close: string;
  remove: string;
}

const ENGLISH_LABELS: ThemeLabels = { close: 'Close', remove: 'Remove' };

export function buildTheme(settings: TDisplaySettings, labels: ThemeLabels = ENGLISH_LABELS): MantineThemeOverride {
  const gray = [settings.colors.light, ...DEFAULT_THEME.colors.gray.slice(1)] as unknown as MantineColorsTuple;
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: shadesOf(settings.colors.primary), accent: shadesOf(settings.colors.secondary), gray },
    black: settings.colors.dark,
    defaultRadius: 'md',
    fontFamily: 'Inter, "Segoe UI", "Liberation Sans", system-ui, -apple-system, sans-serif',
    headings: { fontFamily: 'Inter, "Segoe UI", "Liberation Sans", system-ui, -apple-system, sans-serif' },
    other: { light: settings.colors.light, dark: settings.colors.dark, secondary: settings.colors.secondary },
    components: {
      // A badge is as wide as its words: Mantine's badge shrinks to its cell and cuts the label
      // ('Act…', 'High R…'); a table that runs out of room scrolls instead.
      Badge: Badge.extend({
        styles: {
          root: { width: 'max-content', minWidth: 'max-content', flexShrink: 0, overflow: 'visible' },
          label: { overflow: 'visible', textOverflow: 'clip' },
        },
      }),
      // Every close button (toasts, dialogs, drawers) and the button that clears a chosen file are
      // named for screen readers, not only those whose caller remembered to pass a label; in the
      // customer's language on a public screen.
      Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': labels.close } } }),
      Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': labels.close } } }),
      Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': labels.close } } }),
      FileInput: FileInput.extend({ defaultProps: { clearButtonProps: { 'aria-label': labels.remove } } }),
    },
  });
}
