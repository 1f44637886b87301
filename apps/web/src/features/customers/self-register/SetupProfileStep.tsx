import type { ReactNode } from 'react';
import { Box, Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { contactAddress } from '@sanad/contracts/otp';
import { useT } from '../../../lib/i18n/use-t';
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
  const { t, tm } = useT();
  return (
    <Stack gap="md">
      <Section legend={t('profile.personal')}>
        <DraftText section="basicInfo" name="firstName" label={t('field.firstName')} required />
        <DraftText section="basicInfo" name="middleName" label={t('field.middleName')} />
        <DraftText section="basicInfo" name="lastName" label={t('field.lastName')} required />
        <DraftText section="basicInfo" name="fatherName" label={t('field.fatherName')} />
        <DraftSelect section="basicInfo" name="genderId" label={t('field.gender')} data={GENDER_OPTIONS} />
        <DraftDate section="basicInfo" name="dateOfBirth" label={t('field.dateOfBirth')} required />
        <DraftCountry section="basicInfo" name="nationalityId" label={t('field.nationality')} required />
        <DraftCountry section="basicInfo" name="countryOfResidenceId" label={t('field.residence')} required />
      </Section>
      <Section legend={t('profile.identity')}>
        <DraftSelect section="identityInfo" name="type" label={t('field.idType')} data={ID_TYPE_OPTIONS} required />
        <DraftText section="identityInfo" name="number" label={t('field.idNumber')} required isLatin />
        <DraftDate
          section="identityInfo"
          name="expiryDate"
          label={t('field.expiryDate')}
          description={settings.idDocumentExpiryNote || undefined}
        />
      </Section>
      <Section legend={t('profile.occupation')}>
        <DraftSelect section="occupationInfo" name="workTypeId" label={t('field.workType')} data={WORK_TYPE_OPTIONS} />
        <DraftSelect
          section="occupationInfo"
          name="industryId"
          label={t('field.industry')}
          data={INDUSTRY_OPTIONS}
          required={settings.isIndustrial}
        />
        <DraftText section="occupationInfo" name="companyName" label={t('field.companyName')} />
        {settings.isTaxIdRequired ? (
          <DraftText
            section="occupationInfo"
            name="taxId"
            label={t('field.taxId')}
            required={settings.isTaxIdMandatory}
            description={settings.taxIdNote || undefined}
            isLatin
          />
        ) : null}
      </Section>
      <Fieldset legend={t('profile.pep')} radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="md">
          {PEP_QUESTIONS.map((question) => (
            <DraftYesNo key={question.key} section="pepDeclaration" name={question.key} label={tm(question.label)} />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Section legend={t('profile.contact')}>
        <DraftText section="contactInfo" name="isdCode" label={t('field.isdCode')} description={t('field.isdExample')} isLatin />
        <DraftText section="contactInfo" name="phoneNumber" label={t('field.phoneNumber')} type="tel" required />
        <DraftText section="contactInfo" name="email" label={t('field.email')} type="email" required />
        <DraftText section="contactInfo" name="confirmEmail" label={t('field.confirmEmail')} type="email" />
        <ContactProof />
        <DraftText section="contactInfo" name="address" label={t('field.address')} />
        <DraftText section="contactInfo" name="city" label={t('field.city')} />
        <DraftText section="contactInfo" name="state" label={t('field.state')} />
        <DraftText section="contactInfo" name="postalCode" label={t('field.postalCode')} isLatin />
      </Section>
    </Stack>
  );
}
