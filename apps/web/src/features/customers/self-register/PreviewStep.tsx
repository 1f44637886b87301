import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SignaturePanel } from '../../../components/signature-panel/SignaturePanel';
import type { SignatureField, SignatureValue } from '../../../components/signature-panel/signature-state';
import { RecordSections } from '../components/RecordSections';
import { recordSections } from '../components/record-sections';
import { toSubmission } from './draft';
import { useWizard } from './wizard-context';

const SIGNATURE_FIELDS: readonly SignatureField[] = ['sign', 'name', 'position', 'date', 'agree'];

/**
 * Step 6: everything entered, section by section, each with a way back to the step that holds it,
 * and the Signature Panel (a required field) where the registration is signed before it is sent.
 */
export function PreviewStep({ submitError }: { submitError: string | null }) {
  const { draft, errors, stepPath, steps, audience, setField } = useWizard();
  const sections = recordSections(toSubmission(draft, null));
  const otherErrors = Object.entries(errors)
    .filter(([key]) => !key.startsWith('signature.'))
    .map(([, message]) => message);
  const signature: SignatureValue = draft.record.signature ?? {};
  const signatureErrors = Object.fromEntries(SIGNATURE_FIELDS.map((field) => [field, errors[`signature.${field}`]]));

  function changeSignature(next: SignatureValue): void {
    // One field at a time, so each change forgets the error shown for that field only.
    for (const field of SIGNATURE_FIELDS) if (next[field] !== signature[field]) setField('signature', field, next[field]);
  }

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
        renderAction={(section) =>
          // A section of a step this wizard does not run (the older public form's additional-info) cannot be edited here.
          steps && !steps.includes(section.step) ? null : (
            <Button component={Link} to={stepPath(section.step)} variant="subtle" size="compact-sm" aria-label={`Edit ${section.title}`}>
              Edit
            </Button>
          )
        }
      />
      <SignaturePanel value={signature} onChange={changeSignature} errors={signatureErrors} />
    </Stack>
  );
}
