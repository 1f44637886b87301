import { Suspense, lazy, useState } from 'react';
import { Anchor, Group, Text } from '@mantine/core';
import type { LegalDocument } from './legal-document';
import classes from './legal.module.css';

// The popup and its long texts load only when a link is used, so the login page stays light.
const LegalDialog = lazy(() => import('./LegalDialog'));

/**
 * The footer with the Terms of Service and Privacy Policy. Each opens a popup that the
 * backdrop does not close, and the footer is hidden while one is open. On guest pages the footer
 * is pinned to the bottom of the window; in the shell it ends the page.
 */
export function LegalFooter({ variant }: { variant: 'guest' | 'shell' }) {
  const [openDocument, setOpenDocument] = useState<LegalDocument | null>(null);
  const [year] = useState(() => new Date().getFullYear());

  if (openDocument) {
    return (
      <Suspense fallback={null}>
        <LegalDialog document={openDocument} onClose={() => setOpenDocument(null)} />
      </Suspense>
    );
  }
  return (
    <footer className={classes.footer} data-variant={variant} data-testid="legal-footer">
      <Group gap="lg" justify="center" wrap="wrap">
        <Text size="xs" c="dimmed">
          © {year} Sanad
        </Text>
        <Anchor component="button" type="button" size="xs" onClick={() => setOpenDocument('terms')}>
          Terms of Service
        </Anchor>
        <Anchor component="button" type="button" size="xs" onClick={() => setOpenDocument('privacy')}>
          Privacy Policy
        </Anchor>
      </Group>
    </footer>
  );
}
