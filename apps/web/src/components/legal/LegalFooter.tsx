import { Suspense, lazy, useState } from 'react';
import { Anchor, Group, Modal, ScrollArea, Text } from '@mantine/core';
import { Loading } from '../Loading';
import classes from './legal.module.css';

// The texts are long and rarely read: each loads as its own chunk when its popup first opens.
const TermsOfService = lazy(() => import('./TermsOfService'));
const PrivacyPolicy = lazy(() => import('./PrivacyPolicy'));

export type LegalDocument = 'terms' | 'privacy';

const TITLES: Record<LegalDocument, string> = { terms: 'Terms of Service', privacy: 'Privacy Policy' };

/**
 * The footer with the Terms of Service and Privacy Policy (001 §1). Each opens a popup that the
 * backdrop does not close (its close button and Esc do), and the footer is hidden while one is open.
 * On guest pages the footer is pinned to the bottom of the window; in the shell it ends the page.
 */
export function LegalFooter({ variant }: { variant: 'guest' | 'shell' }) {
  const [openDocument, setOpenDocument] = useState<LegalDocument | null>(null);
  const [year] = useState(() => new Date().getFullYear());

  return (
    <>
      {openDocument ? null : (
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
      )}
      <Modal
        opened={openDocument !== null}
        onClose={() => setOpenDocument(null)}
        title={openDocument ? TITLES[openDocument] : ''}
        size="xl"
        closeOnClickOutside={false}
        scrollAreaComponent={ScrollArea.Autosize}
        classNames={{ title: classes.dialogTitle }}
      >
        <Suspense fallback={<Loading />}>
          <div className={classes.document}>{openDocument === 'terms' ? <TermsOfService /> : openDocument === 'privacy' ? <PrivacyPolicy /> : null}</div>
        </Suspense>
      </Modal>
    </>
  );
}
