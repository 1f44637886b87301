import { ID_TYPE_LABELS, ZCustomFileValue, type TCustomFileValue, type TCustomerRecord, type TIdType } from '@sanad/contracts/customers';
import { STORED_FILE_NAME } from '@sanad/contracts/files';
import { countryName } from '../../../components/CountrySelect';
import { GENDER_OPTIONS, INDUSTRY_OPTIONS, PEP_QUESTIONS, PRODUCT_OPTIONS, WORK_TYPE_OPTIONS, labelOf } from '../self-register/options';
import type { StepName } from '../self-register/steps';

/** A line whose value is a stored file: a link to it, or the signature image. */
export interface RecordFile {
  kind: TCustomFileValue['kind'];
  fileName: string;
}

/** One line of a record section: its label and how its value reads (and the file it names, if any). */
export interface RecordLine {
  label: string;
  value: string;
  file?: RecordFile;
}

export interface RecordSection {
  key: string;
  title: string;
  /** The registration step that collects the section (the preview links back to it). */
  step: StepName;
  lines: RecordLine[];
}

type AnyRecord = Record<string, unknown>;

const yesNo = (value: unknown): string => (value === true || value === 'yes' ? 'Yes' : value === false || value === 'no' ? 'No' : '');
const textOf = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join(', ');
  if (typeof value === 'object') return '';
  return String(value);
};
const fileOf = (value: unknown): string => {
  const file = value as { originalFileName?: string; fileName?: string } | undefined;
  return file?.originalFileName ?? file?.fileName ?? '';
};

function line(label: string, value: string): RecordLine {
  return { label, value };
}

/**
 * One custom answer as the profile reads it. A file or signature answer is kept as the stored file
 * and its kind; records written before that keep the bare stored name, shown as a file.
 */
export function customAnswerLine(label: string, value: unknown): RecordLine {
  const stored = ZCustomFileValue.safeParse(value);
  if (stored.success) {
    const { kind, fileName, originalFileName } = stored.data;
    return { label, value: kind === 'signature' ? 'Signed' : (originalFileName ?? 'Uploaded file'), file: { kind, fileName } };
  }
  if (typeof value === 'string' && STORED_FILE_NAME.test(value))
    return { label, value: 'Uploaded file', file: { kind: 'file', fileName: value } };
  return line(label, typeof value === 'boolean' ? yesNo(value) : textOf(value));
}

/** The sections of a customer record as the preview and the profile show them; empty lines are left out. */
export function recordSections(record: TCustomerRecord | AnyRecord): RecordSection[] {
  const r = record as TCustomerRecord;
  const basic = r.basicInfo ?? {};
  const identity = r.identityInfo ?? {};
  const occupation = r.occupationInfo ?? {};
  const pep = (r.pepDeclaration ?? {}) as AnyRecord;
  const contact = r.contactInfo ?? {};
  const account = r.accountInfo ?? {};
  const additional = r.additionalInfo ?? {};
  const documents = (r.documentInfo ?? {}) as AnyRecord;
  const crs = r.crsInfo?.taxCountries ?? [];
  const sections: RecordSection[] = [
    {
      key: 'documents',
      title: 'Documents',
      step: 'upload-document',
      lines: [
        line('Card type', textOf(identity.cardType)),
        line('Front side', fileOf(documents.identity)),
        line('Back side', fileOf(documents.identityBack)),
        line(
          'Proof of address',
          [fileOf(documents.fieldAddressProof), textOf(documents.addressProofDocumentType)].filter(Boolean).join(' · '),
        ),
        line('Source of funds evidence', fileOf(documents.fundsEvidenceDocument)),
      ],
    },
    {
      key: 'basicInfo',
      title: 'Personal details',
      step: 'setup-profile',
      lines: [
        line('First name', textOf(basic.firstName)),
        line('Middle name', textOf(basic.middleName)),
        line('Last name', textOf(basic.lastName)),
        line('Father name', textOf(basic.fatherName)),
        line('Gender', labelOf(GENDER_OPTIONS, basic.genderId) || textOf(basic.gender)),
        line('Date of birth', textOf(basic.dateOfBirth)),
        line('Nationality', countryName(basic.nationalityId) || textOf(basic.nationality)),
        line('Country of residence', countryName(basic.countryOfResidenceId) || textOf(basic.countryOfResidence)),
      ],
    },
    {
      key: 'identityInfo',
      title: 'Identity',
      step: 'setup-profile',
      lines: [
        line('ID type', identity.type ? (ID_TYPE_LABELS[identity.type as TIdType] ?? identity.type) : ''),
        line('ID number', textOf(identity.number)),
        line('Expiry date', identity.isLifetimeExpiry ? 'Lifetime' : textOf(identity.expiryDate)),
      ],
    },
    {
      key: 'occupationInfo',
      title: 'Occupation',
      step: 'setup-profile',
      lines: [
        line('Work type', labelOf(WORK_TYPE_OPTIONS, occupation.workTypeId) || textOf(occupation.workType)),
        line('Industry', labelOf(INDUSTRY_OPTIONS, occupation.industryId) || textOf(occupation.industry)),
        line('Company name', textOf(occupation.companyName)),
        line('Tax ID', textOf(occupation.taxId)),
      ],
    },
    {
      key: 'pepDeclaration',
      title: 'PEP declaration',
      step: 'setup-profile',
      lines: PEP_QUESTIONS.map((question) => line(question.label, yesNo(pep[question.key]))),
    },
    {
      key: 'contactInfo',
      title: 'Contact details',
      step: 'setup-profile',
      lines: [
        line('Phone number', [textOf(contact.isdCode), textOf(contact.phoneNumber)].filter(Boolean).join(' ')),
        line('Email', textOf(contact.email)),
        line('Address', textOf(contact.address)),
        line('City', textOf(contact.city)),
        line('State', textOf(contact.state)),
        line('Postal code', textOf(contact.postalCode)),
      ],
    },
    {
      key: 'accountInfo',
      title: 'Account',
      step: 'account-info',
      lines: [
        line('Products', (account.products ?? []).map((code) => labelOf(PRODUCT_OPTIONS, code)).join(', ')),
        line('Face-to-face onboarding', yesNo(account.isf2f)),
        line('Source of wealth', textOf(r.sourceOfWealth?.evidenced)),
        line('Source of funds', textOf(r.sourceOfFunds?.evidenced)),
        line(
          'Tax countries (CRS)',
          crs
            .map((country) =>
              [countryName(country.countryId) || textOf(country.country), country.tin ? `TIN ${country.tin}` : '']
                .filter(Boolean)
                .join(' '),
            )
            .join('; '),
        ),
        line('US tax residency (FATCA)', yesNo(r.fatcaInfo?.isCountryTax)),
        line(
          'Joint account',
          r.jointAccountInfo?.isJointAccount
            ? `Yes${r.jointAccountInfo.name ? `, with ${r.jointAccountInfo.name}` : ''}`
            : yesNo(r.jointAccountInfo?.isJointAccount),
        ),
        line(
          'Minor account',
          r.minorAccountInfo?.isMinorAccount
            ? `Yes${r.minorAccountInfo.name ? `, guardian ${r.minorAccountInfo.name}` : ''}`
            : yesNo(r.minorAccountInfo?.isMinorAccount),
        ),
      ],
    },
    {
      key: 'additionalInfo',
      title: 'Additional information',
      step: 'additional-info',
      lines: [
        line('Expected investment', textOf(additional.investment)),
        line('GCC national', yesNo(additional.gccNational)),
        line('Reference', textOf(r.reference)),
      ],
    },
    {
      // The form builder's custom answers under the labels the customer read (the dynamic register keeps them so).
      key: 'customAnswers',
      title: 'Custom answers',
      step: 'account-info',
      lines: Object.entries(r.dynamicInputValues ?? {}).map(([label, value]) => customAnswerLine(label, value)),
    },
  ];
  return sections.map((section) => ({ ...section, lines: section.lines.filter((entry) => entry.value !== '') }));
}
