import { Group, Text } from '@mantine/core';
import { useDisplaySettings } from '../lib/display-settings';

/** The configured logo for the current colour scheme, else Sanad's mark and name. */
export function Logo({ variant = 'light', clientLogo = false }: { variant?: 'light' | 'dark'; clientLogo?: boolean }) {
  const settings = useDisplaySettings();
  const file = (clientLogo ? settings.clientLogo : null) ?? settings.logo[variant];
  if (file) return <img src={`/api/files/logo/${encodeURIComponent(file.fileName)}`} alt="Logo" height={36} />;
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden>
        <rect width="64" height="64" rx="14" fill={settings.colors.primary} />
        <path d="M32 12 48 19v12c0 10-7 18-16 21-9-3-16-11-16-21V19z" fill="none" stroke="#fff" strokeWidth="4" strokeLinejoin="round" />
        <path
          d="m24 32 6 6 11-12"
          fill="none"
          stroke={settings.colors.secondary}
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Text fw={700} fz="xl" c={variant === 'dark' ? 'white' : 'var(--mantine-color-black)'}>
        Sanad
      </Text>
    </Group>
  );
}
