import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { RecordSections } from '../components/RecordSections';
import { recordSections } from '../components/record-sections';
import { toSubmission } from '../self-register/draft';
import { useWizard } from '../self-register/wizard-context';
import { editProfilePath, isEditStep } from './edit-steps';

/**
 * Preview Details: the edited record section by section, each with a way back to the step that
 * holds it. A customer changed by someone else since the edit began cannot be saved over: the
 * staff user reloads the latest version and makes the change again.
 */
export function EditPreview({
  customerId,
  saveError,
  isStale,
  onReload,
}: {
  customerId: string;
  saveError: string | null;
  isStale: boolean;
  onReload: () => void;
}) {
  const { draft, errors } = useWizard();
  const sections = recordSections(toSubmission(draft, null));
  const otherErrors = Object.values(errors);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Check the changes before you save them. Saving keeps the previous version, screens the customer again and rates their risk again.
      </Text>
      {isStale ? (
        <Alert color="orange" role="alert" title="This customer was changed by someone else">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{saveError}</Text>
            <Text size="sm">Reload to edit the latest version: the changes made here are discarded.</Text>
            <Button size="xs" variant="light" color="orange" onClick={onReload}>
              Reload the latest version
            </Button>
          </Stack>
        </Alert>
      ) : saveError || otherErrors.length > 0 ? (
        <Alert color="red" role="alert" title="The profile could not be saved">
          {saveError ?? otherErrors[0]}
        </Alert>
      ) : null}
      <RecordSections
        sections={sections}
        renderAction={(section) =>
          isEditStep(section.step) ? (
            <Button
              component={Link}
              to={editProfilePath(section.step, customerId)}
              variant="subtle"
              size="compact-sm"
              aria-label={`Edit ${section.title}`}
            >
              Edit
            </Button>
          ) : null
        }
      />
    </Stack>
  );
}
