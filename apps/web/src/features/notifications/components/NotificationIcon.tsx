import { ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBell,
  IconExternalLink,
  IconInfoCircle,
  IconRocket,
  IconShieldCheck,
  IconSpeakerphone,
  IconUser,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  info: <IconInfoCircle size={18} />,
  user: <IconUser size={18} />,
  shield: <IconShieldCheck size={18} />,
  link: <IconExternalLink size={18} />,
  alert: <IconAlertTriangle size={18} />,
  rocket: <IconRocket size={18} />,
  megaphone: <IconSpeakerphone size={18} />,
};

/** The notification's icon by name; unknown names show a bell. */
export function NotificationIcon({ icon, isRead }: { icon: string; isRead: boolean }) {
  return (
    <ThemeIcon variant="light" color={isRead ? 'gray' : 'brand'} radius="xl" size={34} aria-hidden>
      {ICONS[icon] ?? <IconBell size={18} />}
    </ThemeIcon>
  );
}
