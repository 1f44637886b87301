import { Alert, List } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useT } from '../../../lib/i18n/use-t';
import { useWizard } from './wizard-context';

/** The step guide the onboarding configuration shows before the first step (isShowGuide), worded for staff or for the customer. */
export function StepGuide({ isReading }: { isReading: boolean }) {
  const { t } = useT();
  const isCustomer = useWizard().audience === 'customer';
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title={t('guide.title')} data-testid="step-guide">
      <List size="sm" spacing={2}>
        <List.Item>{t(isCustomer ? 'guide.haveDocumentCustomer' : 'guide.haveDocument')}</List.Item>
        <List.Item>{t('guide.photograph')}</List.Item>
        <List.Item>{t(isReading ? 'guide.reading' : 'guide.byHand')}</List.Item>
        <List.Item>{t(isCustomer ? 'guide.nextCustomer' : 'guide.next')}</List.Item>
      </List>
    </Alert>
  );
}
