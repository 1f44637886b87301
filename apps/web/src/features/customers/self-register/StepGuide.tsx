import { Alert, List } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** The step guide the onboarding configuration shows before the first step (isShowGuide). */
export function StepGuide({ isReading }: { isReading: boolean }) {
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="Before you start" data-testid="step-guide">
      <List size="sm" spacing={2}>
        <List.Item>Have the customer&apos;s identity document at hand: both sides if it has a back.</List.Item>
        <List.Item>Photograph it flat, in good light, with all four corners in the picture and no glare on the text.</List.Item>
        <List.Item>
          {isReading
            ? 'The document is read to fill in the details: check every filled-in field in the next steps.'
            : 'The details are typed in by hand in the next steps.'}
        </List.Item>
        <List.Item>Next: a short video of the customer&apos;s face, then their profile, account and additional details.</List.Item>
      </List>
    </Alert>
  );
}
