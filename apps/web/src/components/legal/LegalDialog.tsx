import { Suspense, lazy } from 'react';
import { Modal, ScrollArea } from '@mantine/core';
import { Loading } from '../Loading';
import type { LegalDocument } from './legal-document';
import classes from './legal.module.css';

const TermsOfService = lazy(() => import('./TermsOfService'));
const PrivacyPolicy = lazy(() => import('./PrivacyPolicy'));

const TITLES: Record<LegalDocument, string> = { terms: 'Terms of Service', privacy: 'Privacy Policy' };

/** The legal popup: its close button and Esc close it, the backdrop does not. */
export default function LegalDialog({ document, onClose }: { document: LegalDocument; onClose: () => void }) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={TITLES[document]}
      size="xl"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
      scrollAreaComponent={ScrollArea.Autosize}
      classNames={{ title: classes.dialogTitle }}
    >
      <Suspense fallback={<Loading />}>
        <div className={classes.document}>{document === 'terms' ? <TermsOfService /> : <PrivacyPolicy />}</div>
      </Suspense>
    </Modal>
  );
}
