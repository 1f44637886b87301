import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useDisplaySettings } from '../lib/display-settings';
import { usePublicLabel } from '../lib/public-label';

const logoSource = (fileName: string) => `/api/files/logo/${encodeURIComponent(fileName)}`;

/**
 * The configured logo for the current colour scheme, else Sanad's mark and name. With clientLogo
 * (a public onboarding page, whose address starts with the data segment), the segment's labeling
 * takes the provider's place where it has one: its logo, its name and where to ask for help.
 */
export function Logo({ variant = 'light', clientLogo = false }: { variant?: 'light' | 'dark'; clientLogo?: boolean }) {
  const settings = useDisplaySettings();
  const { dataSegmentId } = useParams();
  const labelSegmentId = clientLogo ? dataSegmentId : undefined;
  const label = usePublicLabel(labelSegmentId);
  // Until the label is known nothing is drawn, so a labeled segment's customers never see Sanad's mark flash by.
  if (labelSegmentId && label === null) return <Box h={36} aria-hidden />;
  if (label && (label.clientLogo || label.name)) {
    const contacts = [label.supportEmail, label.supportPhone].filter((contact): contact is string => Boolean(contact));
    return (
      // Stacked, and every text may break anywhere, so the label fits beside the language menu on a phone.
      <Stack gap={4} miw={0} data-testid="client-label">
        {label.clientLogo ? (
          <img
            src={logoSource(label.clientLogo.fileName)}
            alt={label.name ?? 'Logo'}
            height={36}
            style={{ width: 'auto', maxWidth: '100%', objectFit: 'contain', alignSelf: 'flex-start' }}
          />
        ) : null}
        {label.name ? (
          <Text fw={700} fz="md" lh={1.2} style={{ overflowWrap: 'anywhere' }}>
            {label.name}
          </Text>
        ) : null}
        {contacts.map((contact) => (
          <Anchor
            key={contact}
            href={contact.includes('@') ? `mailto:${contact}` : `tel:${contact.replace(/[^+0-9]/g, '')}`}
            size="xs"
            c="dimmed"
            dir="ltr"
            style={{ overflowWrap: 'anywhere' }}
          >
            {contact}
          </Anchor>
        ))}
      </Stack>
    );
  }
  const file = settings.logo[variant];
  if (file) return <img src={logoSource(file.fileName)} alt="Logo" height={36} />;
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
