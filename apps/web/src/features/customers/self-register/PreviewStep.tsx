import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SignaturePanel } from '../../../components/signature-panel/SignaturePanel';
import type { SignatureField, SignatureValue } from '../../../components/signature-panel/signature-state';
import { useT, type Translator } from '../../../lib/i18n/use-t';
import { RecordSections } from '../components/RecordSections';
import { recordSections, type RecordSection } from '../components/record-sections';
import { toSubmission } from './draft';
import { useWizard } from './wizard-context';

const SIGNATURE_FIELDS: readonly SignatureField[] = ['sign', 'name', 'position', 'date', 'agree'];

/** A value in the language on screen: a known phrase, a country, or a list of them; anything the customer typed stays. */
function localizedValue(value: string, { tm, countryByName }: Translator): string {
  const whole = countryByName(tm(value));
  if (whole !== value) return whole;
  const parts = value.split(', ');
  if (parts.length < 2) return value;
  const shown = parts.map((part) => countryByName(tm(part)));
  return shown.some((part, index) => part !== parts[index]) ? shown.join('، ') : value;
}

/**
 * The record's sections in the language on screen. Each value is isolated (FSI…PDI), so an e-mail,
 * a phone number or a date reads left to right inside a right-to-left page.
 */
function localizedSections(sections: RecordSection[], translator: Translator): RecordSection[] {
  if (translator.language === 'en') return sections;
  return sections.map((section) => ({
    ...section,
    title: translator.tm(section.title),
    lines: section.lines.map((entry) => ({
      ...entry,
      label: translator.tm(entry.label),
      value: translator.isolate(localizedValue(entry.value, translator)),
    })),
  }));
}

/**
 * Step 6: everything entered, section by section, each with a way back to the step that holds it,
 * and the Signature Panel (a required field) where the registration is signed before it is sent.
 */
export function PreviewStep({ submitError }: { submitError: string | null }) {
  const { draft, errors, stepPath, steps, audience, setField } = useWizard();
  const translator = useT();
  const { t } = translator;
  const sections = localizedSections(recordSections(toSubmission(draft, null)), translator);
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
        {t(audience === 'staff' ? 'preview.introStaff' : 'preview.introCustomer')}
      </Text>
      {submitError || otherErrors.length > 0 ? (
        <Alert color="red" role="alert" title={t(audience === 'staff' ? 'preview.failedStaff' : 'preview.failedCustomer')}>
          {submitError ?? otherErrors[0]}
        </Alert>
      ) : null}
      <RecordSections
        sections={sections}
        emptyText={t('preview.notGiven')}
        renderAction={(section) =>
          // A section of a step this wizard does not run (the older public form's additional-info) cannot be edited here.
          steps && !steps.includes(section.step) ? null : (
            <Button
              component={Link}
              to={stepPath(section.step)}
              variant="subtle"
              size="compact-sm"
              aria-label={t('preview.editSection', { section: section.title })}
            >
              {t('preview.edit')}
            </Button>
          )
        }
      />
      <SignaturePanel value={signature} onChange={changeSignature} errors={signatureErrors} />
    </Stack>
  );
}
