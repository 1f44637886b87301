import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { RecordSections } from '../components/RecordSections';
import { recordSections } from '../components/record-sections';
import { toSubmission } from './draft';
import { useWizard } from './wizard-context';

/** Step 6: everything entered, section by section, each with a way back to the step that holds it. */
export function PreviewStep({ submitError }: { submitError: string | null }) {
  const { draft, errors, stepPath, audience } = useWizard();
  const sections = recordSections(toSubmission(draft, null));
  const otherErrors = Object.values(errors);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {audience === 'staff'
          ? 'Check the customer\u2019s details before you register them. Registering screens the customer and rates their risk.'
          : 'Check your details before you send them. You can go back to any step to change them.'}
      </Text>
      {submitError || otherErrors.length > 0 ? (
        <Alert
          color="red"
          role="alert"
          title={audience === 'staff' ? 'The customer could not be registered' : 'Your registration could not be sent'}
        >
          {submitError ?? otherErrors[0]}
        </Alert>
      ) : null}
      <RecordSections
        sections={sections}
        renderAction={(section) => (
          <Button component={Link} to={stepPath(section.step)} variant="subtle" size="compact-sm" aria-label={`Edit ${section.title}`}>
            Edit
          </Button>
        )}
      />
    </Stack>
  );
}
