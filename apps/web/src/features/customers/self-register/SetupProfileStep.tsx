import type { ReactNode } from 'react';
import { Box, Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { contactAddress } from '@sanad/contracts/otp';
import { ContactCodeCheck, verifiedKey } from './ContactCodeCheck';
import { useWizard } from './wizard-context';
import { DraftCountry, DraftDate, DraftSelect, DraftText, DraftYesNo } from './fields';
import { useStepSettings } from './onboarding-settings-context';
import { GENDER_OPTIONS, ID_TYPE_OPTIONS, INDUSTRY_OPTIONS, PEP_QUESTIONS, WORK_TYPE_OPTIONS } from './options';

/** On a public journey, the code that proves the e-mail (or mobile number) typed above. */
function ContactProof() {
  const { contactCheck, draft, update } = useWizard();
  if (!contactCheck) return null;
  const contact = draft.record.contactInfo ?? {};
  const address = contactAddress(contactCheck.channel, contact);
  const key = verifiedKey(contactCheck.channel, address);
  const name = [draft.record.basicInfo?.firstName, draft.record.basicInfo?.lastName].filter(Boolean).join(' ');
  return (
    <Box style={{ gridColumn: '1 / -1' }}>
      <ContactCodeCheck
        check={contactCheck}
        address={address}
        contact={
          contactCheck.channel === 'email'
            ? { email: contact.email ?? '' }
            : { mobileNo: contact.phoneNumber ?? '', ...(contact.isdCode ? { isdCode: contact.isdCode } : {}) }
        }
        isVerified={Boolean(address) && draft.verifiedContact === key}
        onVerified={() =>
          update((current) => {
            const { 'contactInfo.email': _email, 'contactInfo.phoneNumber': _phone, ...serverErrors } = current.serverErrors;
            return { ...current, verifiedContact: key, serverErrors };
          })
        }
        {...(name ? { name } : {})}
      />
    </Box>
  );
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} radius="md" p={{ base: 'sm', sm: 'md' }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Fieldset>
  );
}

/**
 * Step 3: personal details, identity, occupation, the PEP declaration and contact details. The
 * onboarding configuration decides whether the tax ID is asked (and must be given), whether the
 * industry must be given, and the notes beside the tax ID and the document's expiry date.
 */
export function SetupProfileStep() {
  const settings = useStepSettings();
  return (
    <Stack gap="md">
      <Section legend="Personal details">
        <DraftText section="basicInfo" name="firstName" label="First name" required />
        <DraftText section="basicInfo" name="middleName" label="Middle name" />
        <DraftText section="basicInfo" name="lastName" label="Last name" required />
        <DraftText section="basicInfo" name="fatherName" label="Father name" />
        <DraftSelect section="basicInfo" name="genderId" label="Gender" data={GENDER_OPTIONS} />
        <DraftDate section="basicInfo" name="dateOfBirth" label="Date of birth" required />
        <DraftCountry section="basicInfo" name="nationalityId" label="Nationality" required />
        <DraftCountry section="basicInfo" name="countryOfResidenceId" label="Country of residence" required />
      </Section>
      <Section legend="Identity">
        <DraftSelect section="identityInfo" name="type" label="ID type" data={ID_TYPE_OPTIONS} required />
        <DraftText section="identityInfo" name="number" label="ID number" required />
        <DraftDate section="identityInfo" name="expiryDate" label="Expiry date" description={settings.idDocumentExpiryNote || undefined} />
      </Section>
      <Section legend="Occupation">
        <DraftSelect section="occupationInfo" name="workTypeId" label="Work type" data={WORK_TYPE_OPTIONS} />
        <DraftSelect section="occupationInfo" name="industryId" label="Industry" data={INDUSTRY_OPTIONS} required={settings.isIndustrial} />
        <DraftText section="occupationInfo" name="companyName" label="Company name" />
        {settings.isTaxIdRequired ? (
          <DraftText
            section="occupationInfo"
            name="taxId"
            label="Tax ID"
            required={settings.isTaxIdMandatory}
            description={settings.taxIdNote || undefined}
          />
        ) : null}
      </Section>
      <Fieldset legend="PEP declaration" radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="md">
          {PEP_QUESTIONS.map((question) => (
            <DraftYesNo key={question.key} section="pepDeclaration" name={question.key} label={question.label} />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Section legend="Contact details">
        <DraftText section="contactInfo" name="isdCode" label="ISD code" description="For example +92" />
        <DraftText section="contactInfo" name="phoneNumber" label="Phone number" type="tel" required />
        <DraftText section="contactInfo" name="email" label="Email" type="email" required />
        <DraftText section="contactInfo" name="confirmEmail" label="Confirm email" type="email" />
        <ContactProof />
        <DraftText section="contactInfo" name="address" label="Address" />
        <DraftText section="contactInfo" name="city" label="City" />
        <DraftText section="contactInfo" name="state" label="State" />
        <DraftText section="contactInfo" name="postalCode" label="Postal code" />
      </Section>
    </Stack>
  );
}
