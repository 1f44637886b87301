/**
 * The form builder's model (RG-42…RG-44, RG-27): the onboarding forms of a data segment, one per
 * page, made of sections of fields. The same schema and the same two validators run on the server
 * (publish refuses a broken form; a submission is checked against the version it was started on)
 * and in the web builder (its messages are shown before publishing), so the rules live only here.
 */
import { z } from 'zod';
import { FILE_KIND_EXTENSIONS, STORED_FILE_NAME, UPLOAD_POLICIES } from './files';
import { safeString } from './safe-text';
import { E_SIGN_CONSENT } from './signature';

/* ------------------------------------------------------------------ pages, languages, types */

/** The pages a segment's forms are built for (RG-42: /configuration/form-builder/<page>). */
export const FORM_PAGES = ['setup-profile', 'account-info', 'additional-info', 'register-setup-profile'] as const;
export const ZFormPage = z.enum(FORM_PAGES, { error: `Page must be one of ${FORM_PAGES.join(', ')}` });
export type TFormPage = z.infer<typeof ZFormPage>;

export const FORM_PAGE_LABELS: Record<TFormPage, string> = {
  'setup-profile': 'Setup profile',
  'account-info': 'Account info',
  'additional-info': 'Additional info',
  'register-setup-profile': 'Register: setup profile',
};

/** Labels, options and help are written in these languages; English is required, the others fall back to it. */
export const FORM_LANGUAGES = ['en', 'ar', 'ur'] as const;
export type TFormLanguage = (typeof FORM_LANGUAGES)[number];
export const RIGHT_TO_LEFT: readonly TFormLanguage[] = ['ar', 'ur'];

export const FIELD_TYPES = [
  'text',
  'long-text',
  'number',
  'date',
  'select',
  'multi-select',
  'country',
  'nationality',
  'phone',
  'email',
  'yes-no',
  'file',
  'signature',
  'heading',
  'help-text',
] as const;
export const ZFieldType = z.enum(FIELD_TYPES, { error: `Field type must be one of ${FIELD_TYPES.join(', ')}` });
export type TFieldType = z.infer<typeof ZFieldType>;

export const FIELD_TYPE_LABELS: Record<TFieldType, string> = {
  text: 'Text',
  'long-text': 'Long text',
  number: 'Number',
  date: 'Date',
  select: 'Select',
  'multi-select': 'Multi-select',
  country: 'Country',
  nationality: 'Nationality',
  phone: 'Phone',
  email: 'E-mail',
  'yes-no': 'Yes / no',
  file: 'File upload',
  signature: 'Signature',
  heading: 'Heading',
  'help-text': 'Help text',
};

/** Types that only show text: no answer, so never required, mapped or used by a condition. */
export const DISPLAY_ONLY_TYPES: readonly TFieldType[] = ['heading', 'help-text'];
/** Types whose answer is one of (or several of) the field's own options. */
export const OPTION_TYPES: readonly TFieldType[] = ['select', 'multi-select'];
const TEXT_TYPES: readonly TFieldType[] = ['text', 'long-text', 'phone', 'email'];

/* ------------------------------------------------------------------ building blocks */

// No underscore: record rows come back from the database with snake_case keys turned into
// camelCase at every depth, so a key holding one would not read back under its own name.
const KEY = /^[A-Za-z][A-Za-z0-9]{0,63}$/;
const KEY_MESSAGE = 'Keys start with a letter and hold only letters and digits (at most 64)';
export const ZFieldKey = z.string().trim().regex(KEY, KEY_MESSAGE);

const words = (max: number) => safeString().trim().max(max, `At most ${max} characters`);

/** A text in every form language: English required, Arabic and Urdu optional (shown in English when empty). */
export const ZLocalized = z.object({
  en: words(500).min(1, 'The English text is required'),
  ar: words(500).optional(),
  ur: words(500).optional(),
});
export type TLocalized = z.infer<typeof ZLocalized>;

/** The text in a language, falling back to English. */
export function localized(text: TLocalized | undefined, language: TFormLanguage): string {
  if (!text) return '';
  return (language === 'en' ? text.en : text[language]?.trim() || text.en) ?? '';
}

export const ZFieldOption = z.object({
  value: safeString().trim().min(1, 'An option needs a value').max(100, 'Option values are at most 100 characters'),
  label: ZLocalized,
});
export type TFieldOption = z.infer<typeof ZFieldOption>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
/** A date bound: a calendar day, or `today` (a date of birth that may not be in the future: maxDate today). */
const ZDateBound = z
  .string()
  .trim()
  .refine((value) => value === 'today' || isCalendarDate(value), { message: 'Dates are YYYY-MM-DD or today' });

function isValidPattern(pattern: string): boolean {
  try {
    return new RegExp(pattern, 'u') instanceof RegExp;
  } catch {
    return false;
  }
}

export const ZFieldValidation = z.object({
  minLength: z.number().int().min(0).max(5000).optional(),
  maxLength: z.number().int().min(1).max(5000).optional(),
  /** A regular expression the whole answer must match. */
  pattern: safeString()
    .max(300, 'Patterns are at most 300 characters')
    .refine(isValidPattern, 'The pattern is not a valid regular expression')
    .optional(),
  /** A message shown when the pattern does not match (else a generic one). */
  patternMessage: ZLocalized.optional(),
  /** Letters and digits only, no spaces or signs (ID numbers, TINs). */
  strictlyAlphanumeric: z.boolean().optional(),
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
  minDate: ZDateBound.optional(),
  maxDate: ZDateBound.optional(),
});
export type TFieldValidation = z.infer<typeof ZFieldValidation>;

/**
 * Show the field only when another field has a value: any answer when `values` is empty, else one
 * of those values (for a yes/no field, 'yes' or 'no').
 */
export const ZFieldCondition = z.object({
  field: ZFieldKey,
  values: z.array(safeString().trim().min(1).max(100)).max(50).default([]),
});
export type TFieldCondition = z.infer<typeof ZFieldCondition>;

export const ZFormField = z.object({
  key: ZFieldKey,
  type: ZFieldType,
  label: ZLocalized,
  help: ZLocalized.optional(),
  required: z.boolean().default(false),
  options: z.array(ZFieldOption).max(200, 'At most 200 options').default([]),
  validation: ZFieldValidation.default({}),
  showWhen: ZFieldCondition.nullable().default(null),
  /** Where the answer is kept: a record property (basicInfo.firstName) or a custom field (customInfo.<key>). */
  mapsTo: safeString().trim().max(100).nullable().default(null),
  /** File upload: accepted MIME types or extensions, and the largest size in megabytes. */
  accept: z.array(safeString().trim().min(1).max(100)).max(20).default([]),
  maxSizeMb: z.number().positive().max(25, 'Files are at most 25 MB').optional(),
});
export type TFormField = z.infer<typeof ZFormField>;
export type TFormFieldInput = z.input<typeof ZFormField>;

export const ZFormSection = z.object({
  key: ZFieldKey,
  title: ZLocalized,
  fields: z.array(ZFormField).max(100, 'At most 100 fields in a section'),
});
export type TFormSection = z.infer<typeof ZFormSection>;

export const ZFormDefinition = z.object({
  sections: z.array(ZFormSection).min(1, 'A form needs at least one section').max(30, 'At most 30 sections'),
});
export type TFormDefinition = z.infer<typeof ZFormDefinition>;

/* ------------------------------------------------------------------ record mapping */

/** Record properties a field may write, with the field types whose answer fits the property. */
export const RECORD_PROPERTIES: Readonly<Record<string, readonly TFieldType[]>> = {
  'basicInfo.firstName': ['text'],
  'basicInfo.middleName': ['text'],
  'basicInfo.lastName': ['text'],
  'basicInfo.fatherName': ['text'],
  'basicInfo.dateOfBirth': ['date'],
  'basicInfo.nationalityId': ['nationality', 'select'],
  'basicInfo.countryOfResidenceId': ['country', 'select'],
  'basicInfo.genderId': ['select'],
  'identityInfo.number': ['text'],
  'identityInfo.expiryDate': ['date'],
  'contactInfo.address': ['text', 'long-text'],
  'contactInfo.city': ['text'],
  'contactInfo.postalCode': ['text'],
  'contactInfo.phoneNumber': ['phone'],
  'contactInfo.email': ['email'],
  'occupationInfo.taxId': ['text'],
  'occupationInfo.companyName': ['text'],
  'occupationInfo.industryId': ['select'],
  'occupationInfo.workTypeId': ['select'],
  'accountInfo.products': ['multi-select'],
  'additionalInfo.investment': ['text', 'number', 'select'],
  'additionalInfo.gccNational': ['yes-no'],
  signature: ['signature'],
};
export const CUSTOM_FIELD_PREFIX = 'customInfo.';

/**
 * Where in the record a mapped answer is written, when that is not the property itself: the
 * record's signature is the Signature Panel's object, whose `sign` names the stored image (the
 * journey completes its signer, date and consent, see the dynamic register).
 */
const RECORD_PATHS: Readonly<Record<string, string>> = { signature: 'signature.sign' };

/**
 * What a signature field that writes the record's signature states beside its pad: the Signature
 * Panel's consent, agreed to by signing there (the record then keeps agree = true).
 */
export const SIGNATURE_FIELD_CONSENT = `By signing here you agree: ${E_SIGN_CONSENT}`;

/** The fields a form may reorder and relabel but never remove: name, date of birth, nationality, ID. */
export const PROTECTED_PROPERTIES: ReadonlyArray<{ mapsTo: string; label: string }> = [
  { mapsTo: 'basicInfo.firstName', label: 'First name' },
  { mapsTo: 'basicInfo.lastName', label: 'Last name' },
  { mapsTo: 'basicInfo.dateOfBirth', label: 'Date of birth' },
  { mapsTo: 'basicInfo.nationalityId', label: 'Nationality' },
  { mapsTo: 'identityInfo.number', label: 'ID number' },
];
/** Pages that collect the customer's identity, and so must keep the protected fields. */
export const IDENTITY_PAGES: readonly TFormPage[] = ['setup-profile', 'register-setup-profile'];

export function isProtectedField(page: TFormPage, field: Pick<TFormField, 'mapsTo'>): boolean {
  return IDENTITY_PAGES.includes(page) && PROTECTED_PROPERTIES.some((entry) => entry.mapsTo === field.mapsTo);
}

/* ------------------------------------------------------------------ messages */

export const FORM_MESSAGES = {
  duplicateKey: (key: string) => `Two fields use the key "${key}": each field needs its own key`,
  duplicateSection: (key: string) => `Two sections use the key "${key}": each section needs its own key`,
  missingConditionField: (key: string, other: string) =>
    `"${key}" is shown when "${other}" has a value, but the form has no field "${other}"`,
  selfCondition: (key: string) => `"${key}" cannot be shown depending on its own value`,
  displayCondition: (key: string, other: string) => `"${key}" depends on "${other}", which is a heading or help text and never has a value`,
  selectWithoutOptions: (key: string) => `"${key}" is a select without options: add at least one option`,
  duplicateOption: (key: string, value: string) => `"${key}" has the option "${value}" twice`,
  neverShownRequired: (key: string) => `"${key}" is required but hidden by a condition that can never be met`,
  protectedRemoved: (label: string, mapsTo: string) =>
    `The protected field ${label} (${mapsTo}) cannot be removed: relabel or move it instead`,
  protectedOptional: (key: string) => `"${key}" is a protected field and must stay required`,
  unknownMapping: (key: string, mapsTo: string) =>
    `"${key}" maps to ${mapsTo}, which is neither a record property nor a custom field (customInfo.<key>)`,
  mappingType: (key: string, mapsTo: string) => `"${key}" cannot write ${mapsTo}: the field type does not fit the property`,
  duplicateMapping: (mapsTo: string) => `Two fields write ${mapsTo}: map each property once`,
  displayOnlyAnswer: (key: string) => `"${key}" is a heading or help text: it cannot be required or mapped`,
  lengthRange: (key: string) => `"${key}": the minimum length is greater than the maximum`,
  numberRange: (key: string) => `"${key}": the minimum is greater than the maximum`,
  dateRange: (key: string) => `"${key}": the earliest date is after the latest`,
  conditionValue: (key: string, other: string, value: string) =>
    `"${key}" waits for "${other}" to be ${value}, which "${other}" never offers`,
  // Answers
  required: (label: string) => `${label} is required`,
  tooShort: (label: string, min: number) => `${label} must be at least ${min} characters`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  pattern: (label: string) => `${label} is not in the expected format`,
  alphanumeric: (label: string) => `${label} may hold only letters and digits`,
  notNumber: (label: string) => `${label} must be a number`,
  belowMin: (label: string, min: number) => `${label} must be at least ${min}`,
  aboveMax: (label: string, max: number) => `${label} must be at most ${max}`,
  notDate: (label: string) => `${label} must be a date (YYYY-MM-DD)`,
  beforeDate: (label: string, bound: string) => `${label} must be on or after ${bound}`,
  afterDate: (label: string, bound: string) => `${label} must be on or before ${bound}`,
  notOption: (label: string) => `${label} must be one of the offered options`,
  notEmail: (label: string) => `${label} must be an e-mail address`,
  notPhone: (label: string) => `${label} must be a phone number (digits, optionally starting with +)`,
  notYesNo: (label: string) => `${label} must be yes or no`,
  notCountry: (label: string) => `${label} must be a country code`,
  notFile: (label: string) => `${label} must be an uploaded file`,
  fileType: (label: string, accept: string) => `File format not supported: ${label} takes ${accept}`,
  fileTooLarge: (maxMb: number) => `File size must be less than ${maxMb} MB`,
  notYourFile: (label: string) => `${label}: this file was not uploaded for this form. Upload it again`,
  notSigned: (label: string) => `${label}: this signature was not drawn for this form. Sign again`,
  notText: (label: string) => `${label} must be text`,
  hiddenAnswer: (label: string) => `${label} is not asked with the answers given: leave it empty`,
  unknownAnswer: (key: string) => `The form has no field "${key}"`,
  invalidForm: 'The form cannot be published: fix the problems listed',
  noPublished: 'This form has not been published yet',
  staleDraft: 'Someone else changed this form since you opened it: reload it to see their change',
  unchanged: 'The draft is the form in force already: change something before publishing',
  alreadySubmitted: 'These answers were already submitted',
  answersRefused: 'Some answers need your attention',
  // Success
  found: 'Form loaded',
  listed: 'Form fields loaded',
  versionsListed: 'Form versions loaded',
  saved: 'Draft saved',
  published: 'Form published',
  restored: 'Version restored and published',
  started: 'Form started',
  submitted: 'Answers submitted',
} as const;

/* ------------------------------------------------------------------ form validator */

export interface FormIssue {
  /** Where the problem is: `sections.0.fields.2` or the field key; the builder highlights it. */
  path: string;
  message: string;
}

export const allFields = (definition: TFormDefinition): TFormField[] => definition.sections.flatMap((section) => section.fields);

/** The answer values a field can take, for conditions: null when any text can be typed. */
function offeredValues(field: TFormField): string[] | null {
  if (OPTION_TYPES.includes(field.type)) return field.options.map((option) => option.value);
  if (field.type === 'yes-no') return ['yes', 'no'];
  return null;
}

/**
 * Fields that can never be shown: a condition on a missing or display-only field, on a value the
 * other field never offers, on itself, in a cycle, or on a field that can itself never be shown.
 */
function neverShownKeys(definition: TFormDefinition): Set<string> {
  const byKey = new Map(allFields(definition).map((field) => [field.key, field]));
  const memo = new Map<string, boolean>();
  const never = (key: string, visiting: Set<string>): boolean => {
    const known = memo.get(key);
    if (known !== undefined) return known;
    const field = byKey.get(key);
    const condition = field?.showWhen;
    if (!field || !condition) return false;
    let result: boolean;
    const other = byKey.get(condition.field);
    if (!other || other.key === key || DISPLAY_ONLY_TYPES.includes(other.type) || visiting.has(key)) result = true;
    else {
      const offered = offeredValues(other);
      const reachable = condition.values.length === 0 || offered === null || condition.values.some((value) => offered.includes(value));
      result = !reachable || never(other.key, new Set([...visiting, key]));
    }
    memo.set(key, result);
    return result;
  };
  return new Set([...byKey.keys()].filter((key) => never(key, new Set())));
}

function fieldIssues(page: TFormPage, field: TFormField, path: string): FormIssue[] {
  const issues: FormIssue[] = [];
  const add = (message: string) => issues.push({ path, message });
  const displayOnly = DISPLAY_ONLY_TYPES.includes(field.type);
  if (displayOnly && (field.required || field.mapsTo)) add(FORM_MESSAGES.displayOnlyAnswer(field.key));
  if (OPTION_TYPES.includes(field.type)) {
    if (field.options.length === 0) add(FORM_MESSAGES.selectWithoutOptions(field.key));
    const seen = new Set<string>();
    for (const option of field.options) {
      if (seen.has(option.value)) add(FORM_MESSAGES.duplicateOption(field.key, option.value));
      seen.add(option.value);
    }
  }
  const rules = field.validation;
  if (rules.minLength !== undefined && rules.maxLength !== undefined && rules.minLength > rules.maxLength)
    add(FORM_MESSAGES.lengthRange(field.key));
  if (rules.min !== undefined && rules.max !== undefined && rules.min > rules.max) add(FORM_MESSAGES.numberRange(field.key));
  if (rules.minDate && rules.maxDate && rules.minDate !== 'today' && rules.maxDate !== 'today' && rules.minDate > rules.maxDate)
    add(FORM_MESSAGES.dateRange(field.key));
  if (field.mapsTo && !displayOnly) {
    const allowed = RECORD_PROPERTIES[field.mapsTo];
    const custom = field.mapsTo.startsWith(CUSTOM_FIELD_PREFIX) && KEY.test(field.mapsTo.slice(CUSTOM_FIELD_PREFIX.length));
    if (!allowed && !custom) add(FORM_MESSAGES.unknownMapping(field.key, field.mapsTo));
    else if (allowed && !allowed.includes(field.type)) add(FORM_MESSAGES.mappingType(field.key, field.mapsTo));
  }
  if (isProtectedField(page, field) && !field.required) add(FORM_MESSAGES.protectedOptional(field.key));
  return issues;
}

/**
 * Every reason a form cannot be published, each with its exact message; empty when it may be.
 * Drafts may be saved broken; publishing runs this and refuses when anything is listed.
 */
export function formDefinitionIssues(page: TFormPage, definition: TFormDefinition): FormIssue[] {
  const issues: FormIssue[] = [];
  const sectionKeys = new Set<string>();
  definition.sections.forEach((section, s) => {
    if (sectionKeys.has(section.key)) issues.push({ path: `sections.${s}`, message: FORM_MESSAGES.duplicateSection(section.key) });
    sectionKeys.add(section.key);
  });
  const fields = allFields(definition);
  const seenKeys = new Set<string>();
  const seenMappings = new Set<string>();
  definition.sections.forEach((section, s) =>
    section.fields.forEach((field, f) => {
      const path = `sections.${s}.fields.${f}`;
      if (seenKeys.has(field.key)) issues.push({ path, message: FORM_MESSAGES.duplicateKey(field.key) });
      seenKeys.add(field.key);
      if (field.mapsTo && !DISPLAY_ONLY_TYPES.includes(field.type)) {
        if (seenMappings.has(field.mapsTo)) issues.push({ path, message: FORM_MESSAGES.duplicateMapping(field.mapsTo) });
        seenMappings.add(field.mapsTo);
      }
      issues.push(...fieldIssues(page, field, path));
    }),
  );
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const never = neverShownKeys(definition);
  definition.sections.forEach((section, s) =>
    section.fields.forEach((field, f) => {
      const path = `sections.${s}.fields.${f}`;
      const condition = field.showWhen;
      if (condition) {
        const other = byKey.get(condition.field);
        if (condition.field === field.key) issues.push({ path, message: FORM_MESSAGES.selfCondition(field.key) });
        else if (!other) issues.push({ path, message: FORM_MESSAGES.missingConditionField(field.key, condition.field) });
        else if (DISPLAY_ONLY_TYPES.includes(other.type))
          issues.push({ path, message: FORM_MESSAGES.displayCondition(field.key, other.key) });
        else {
          const offered = offeredValues(other);
          if (offered)
            for (const value of condition.values)
              if (!offered.includes(value)) issues.push({ path, message: FORM_MESSAGES.conditionValue(field.key, other.key, value) });
        }
      }
      if (field.required && never.has(field.key)) issues.push({ path, message: FORM_MESSAGES.neverShownRequired(field.key) });
    }),
  );
  if (IDENTITY_PAGES.includes(page))
    for (const entry of PROTECTED_PROPERTIES)
      if (!fields.some((field) => field.mapsTo === entry.mapsTo))
        issues.push({ path: 'sections', message: FORM_MESSAGES.protectedRemoved(entry.label, entry.mapsTo) });
  return issues;
}

/** A custom field as the search, the exports and the risk factors see it: its customInfo key, type, English label and options. */
export interface TCustomFieldSummary {
  key: string;
  type: TFieldType;
  label: string;
  options: TFieldOption[];
}

/** Types whose custom answers are searched, exported and scored (files and signatures are documents, not answers). */
const NOT_SUMMARISED: readonly TFieldType[] = [...DISPLAY_ONLY_TYPES, 'file', 'signature'];

/**
 * The custom fields among some forms' fields, in order, once per customInfo key (the first form that asks
 * it names it): unmapped fields under their own key and fields mapped to customInfo.<key>.
 */
export function customFieldsOf(fields: readonly TFormField[]): TCustomFieldSummary[] {
  const seen = new Map<string, TCustomFieldSummary>();
  for (const field of fields) {
    if (NOT_SUMMARISED.includes(field.type)) continue;
    const key =
      field.mapsTo === null
        ? field.key
        : field.mapsTo.startsWith(CUSTOM_FIELD_PREFIX)
          ? field.mapsTo.slice(CUSTOM_FIELD_PREFIX.length)
          : null;
    if (!key || seen.has(key)) continue;
    seen.set(key, { key, type: field.type, label: field.label.en, options: field.options });
  }
  return [...seen.values()];
}

/** Custom answers looked for by any part of the text (the others by the whole answer). */
export const CONTAINS_TYPES: readonly TFieldType[] = TEXT_TYPES;

/** A custom answer as text: an option's English label, yes/no, a number, several options joined by '; '. */
export function customAnswerText(field: Pick<TCustomFieldSummary, 'options'>, value: unknown): string {
  const option = (text: string) => field.options.find((candidate) => candidate.value === text)?.label.en ?? text;
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return option(value);
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? option(item) : String(item))).join('; ');
  return JSON.stringify(value);
}

/* ------------------------------------------------------------------ answers */

/** One answer as the forms send it: text, a number, yes/no, several options, or nothing. */
export const ZFormAnswer = z.union([
  safeString().max(5000),
  z.number().finite(),
  z.boolean(),
  z.null(),
  z.array(safeString().max(500)).max(200),
]);
export type TFormAnswer = z.infer<typeof ZFormAnswer>;
export const ZFormAnswers = z
  .record(z.string().regex(KEY, KEY_MESSAGE), ZFormAnswer)
  .refine((answers) => Object.keys(answers).length <= 500, { message: 'At most 500 answers' });
export type TFormAnswers = z.infer<typeof ZFormAnswers>;

const isEmpty = (value: TFormAnswer | undefined): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** The value a condition compares: yes/no answers read as 'yes' and 'no'. */
function conditionValue(value: TFormAnswer | undefined): string[] {
  if (isEmpty(value)) return [];
  if (typeof value === 'boolean') return [value ? 'yes' : 'no'];
  if (Array.isArray(value)) return value;
  return [String(value)];
}

/** Whether a field is shown with these answers (its condition, and its controlling field's, are met). */
export function isFieldVisible(definition: TFormDefinition, key: string, answers: TFormAnswers, depth = 0): boolean {
  const field = allFields(definition).find((candidate) => candidate.key === key);
  if (!field) return false;
  const condition = field.showWhen;
  if (!condition) return true;
  if (depth > 50 || condition.field === key || !isFieldVisible(definition, condition.field, answers, depth + 1)) return false;
  const given = conditionValue(answers[condition.field]);
  if (given.length === 0) return false;
  return condition.values.length === 0 || condition.values.some((value) => given.includes(value));
}

const today = (): string => new Date().toISOString().slice(0, 10);
const boundOf = (bound: string): string => (bound === 'today' ? today() : bound);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9]{6,15}$/;
const COUNTRY = /^[A-Za-z]{2,3}$/;
const ALPHANUMERIC = /^[\p{L}\p{N}]+$/u;

/* ------------------------------------------------------------------ file and signature answers */

/**
 * A file field's file goes through the files pipeline as a `documents` upload (what an onboarding
 * link may send: PDF, Word and images, 10 MB); a signature field's drawn PNG as a `customers` upload,
 * as the Signature Panel saves it. The answer is the stored file's name (`<random>.enc`).
 */
export const FORM_FILE_UPLOAD = 'documents' as const;
export const FORM_SIGNATURE_UPLOAD = 'customers' as const;

/** The extensions the files pipeline takes for a file field, whatever the field accepts. */
export const FORM_FILE_EXTENSIONS: readonly string[] = UPLOAD_POLICIES[FORM_FILE_UPLOAD].accept.flatMap(
  (kind) => FILE_KIND_EXTENSIONS[kind],
);

/** The largest file a file field takes: its own limit, never more than the files pipeline's. */
export function fileFieldLimitMb(field: Pick<TFormField, 'maxSizeMb'>): number {
  const pipeline = UPLOAD_POLICIES[FORM_FILE_UPLOAD].maxMegabytes;
  return field.maxSizeMb === undefined ? pipeline : Math.min(field.maxSizeMb, pipeline);
}

/** What a file field checks of a file: its name (the extension), its MIME type when known, and its size. */
export interface FileFacts {
  name: string;
  type?: string | undefined;
  sizeBytes: number;
}

function fileMatchesAccept(file: FileFacts, accept: readonly string[]): boolean {
  if (accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = (file.type ?? '').toLowerCase();
  return accept.some((entry) => {
    const rule = entry.toLowerCase();
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1)) || (rule === 'image/*' && /\.(png|jpe?g|gif|webp)$/.test(name));
    if (type === rule) return true;
    const subtype = rule.split('/')[1];
    return subtype ? name.endsWith(`.${subtype === 'jpeg' ? 'jpg' : subtype}`) || name.endsWith(`.${subtype}`) : false;
  });
}

/**
 * A file for a file field, checked by the field's accepted types and largest size within what the
 * files pipeline takes: the browser checks the chosen file before it uploads it, the server the
 * stored file an answer names (its original name, the type found from its bytes, its size).
 */
export function fileFieldError(field: TFormField, file: FileFacts, language: TFormLanguage = 'en'): string | null {
  const label = localized(field.label, language);
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  const accepted = field.accept.length > 0 ? field.accept : FORM_FILE_EXTENSIONS.map((entry) => `.${entry}`);
  if (!FORM_FILE_EXTENSIONS.includes(extension) || !fileMatchesAccept(file, field.accept))
    return FORM_MESSAGES.fileType(label, accepted.join(', '));
  const limit = fileFieldLimitMb(field);
  if (file.sizeBytes > limit * 1024 * 1024) return FORM_MESSAGES.fileTooLarge(limit);
  return null;
}

/** The message for one answer of a shown field, or null when it is acceptable. */
export function answerError(field: TFormField, value: TFormAnswer | undefined, language: TFormLanguage = 'en'): string | null {
  const label = localized(field.label, language);
  if (DISPLAY_ONLY_TYPES.includes(field.type)) return null;
  if (isEmpty(value)) return field.required ? FORM_MESSAGES.required(label) : null;
  const rules = field.validation;
  switch (field.type) {
    case 'number': {
      const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
      if (!Number.isFinite(number)) return FORM_MESSAGES.notNumber(label);
      if (rules.min !== undefined && number < rules.min) return FORM_MESSAGES.belowMin(label, rules.min);
      if (rules.max !== undefined && number > rules.max) return FORM_MESSAGES.aboveMax(label, rules.max);
      return null;
    }
    case 'date': {
      if (typeof value !== 'string' || !isCalendarDate(value.trim())) return FORM_MESSAGES.notDate(label);
      const day = value.trim();
      if (rules.minDate && day < boundOf(rules.minDate)) return FORM_MESSAGES.beforeDate(label, boundOf(rules.minDate));
      if (rules.maxDate && day > boundOf(rules.maxDate)) return FORM_MESSAGES.afterDate(label, boundOf(rules.maxDate));
      return null;
    }
    case 'select':
      return typeof value === 'string' && field.options.some((option) => option.value === value) ? null : FORM_MESSAGES.notOption(label);
    case 'multi-select':
      return Array.isArray(value) && value.every((entry) => field.options.some((option) => option.value === entry))
        ? null
        : FORM_MESSAGES.notOption(label);
    case 'yes-no':
      return typeof value === 'boolean' || value === 'yes' || value === 'no' ? null : FORM_MESSAGES.notYesNo(label);
    case 'country':
    case 'nationality':
      return typeof value === 'string' && COUNTRY.test(value.trim()) ? null : FORM_MESSAGES.notCountry(label);
    // The answer names a stored file (`<random>.enc`); the server checks the file itself (fileFieldError, and whose it is).
    case 'file':
    case 'signature':
      return typeof value === 'string' && STORED_FILE_NAME.test(value.trim()) ? null : FORM_MESSAGES.notFile(label);
    default:
      break;
  }
  if (typeof value !== 'string') return FORM_MESSAGES.notText(label);
  const text = value.trim();
  if (field.type === 'email' && !EMAIL.test(text)) return FORM_MESSAGES.notEmail(label);
  if (field.type === 'phone' && !PHONE.test(text.replace(/[\s-]/g, ''))) return FORM_MESSAGES.notPhone(label);
  if (TEXT_TYPES.includes(field.type)) {
    if (rules.minLength !== undefined && text.length < rules.minLength) return FORM_MESSAGES.tooShort(label, rules.minLength);
    if (rules.maxLength !== undefined && text.length > rules.maxLength) return FORM_MESSAGES.tooLong(label, rules.maxLength);
    if (rules.strictlyAlphanumeric && !ALPHANUMERIC.test(text)) return FORM_MESSAGES.alphanumeric(label);
    if (rules.pattern && !new RegExp(`^(?:${rules.pattern})$`, 'u').test(text))
      return rules.patternMessage ? localized(rules.patternMessage, language) : FORM_MESSAGES.pattern(label);
  }
  return null;
}

/**
 * A customer's answers checked against a published form: every shown field by its rules, an
 * answer to a field the form does not have, or to one hidden by its condition, refused. Keyed by
 * field key; empty when the answers may be stored.
 */
export function formAnswerErrors(
  definition: TFormDefinition,
  answers: TFormAnswers,
  language: TFormLanguage = 'en',
): Record<string, string> {
  const errors: Record<string, string> = {};
  const fields = allFields(definition);
  const known = new Set(fields.map((field) => field.key));
  for (const key of Object.keys(answers)) if (!known.has(key)) errors[key] = FORM_MESSAGES.unknownAnswer(key);
  for (const field of fields) {
    const value = answers[field.key];
    if (!isFieldVisible(definition, field.key, answers)) {
      if (!isEmpty(value)) errors[field.key] = FORM_MESSAGES.hiddenAnswer(localized(field.label, language));
      continue;
    }
    const message = answerError(field, value, language);
    if (message) errors[field.key] = message;
  }
  return errors;
}

/**
 * The record properties answers write: a mapped field's answer at its property, an unmapped or
 * custom-mapped one in customInfo under its key. Hidden, empty and display-only fields write nothing.
 */
export function recordPatchFromAnswers(definition: TFormDefinition, answers: TFormAnswers): Record<string, unknown> {
  const patch: Record<string, Record<string, unknown> | unknown> = {};
  const put = (path: string, value: unknown) => {
    const [head, ...rest] = path.split('.');
    if (!head) return;
    if (rest.length === 0) {
      patch[head] = value;
      return;
    }
    const group = (patch[head] as Record<string, unknown> | undefined) ?? {};
    group[rest.join('.')] = value;
    patch[head] = group;
  };
  for (const field of allFields(definition)) {
    const value = answers[field.key];
    if (DISPLAY_ONLY_TYPES.includes(field.type) || isEmpty(value) || !isFieldVisible(definition, field.key, answers)) continue;
    const answer =
      field.type === 'yes-no' && typeof value === 'string'
        ? value === 'yes'
        : field.type === 'number' && typeof value === 'string'
          ? Number(value)
          : value;
    put(field.mapsTo ? (RECORD_PATHS[field.mapsTo] ?? field.mapsTo) : `${CUSTOM_FIELD_PREFIX}${field.key}`, answer);
  }
  return patch;
}

/* ------------------------------------------------------------------ the default forms */

const en = (text: string): TLocalized => ({ en: text });
const field = (input: TFormFieldInput): TFormField => ZFormField.parse(input);

function identitySection(): TFormSection {
  return {
    key: 'personal',
    title: { en: 'Personal details', ar: 'البيانات الشخصية', ur: 'ذاتی تفصیلات' },
    fields: [
      field({
        key: 'firstName',
        type: 'text',
        label: { en: 'First name', ar: 'الاسم الأول', ur: 'پہلا نام' },
        required: true,
        mapsTo: 'basicInfo.firstName',
        validation: { maxLength: 50 },
      }),
      field({
        key: 'lastName',
        type: 'text',
        label: { en: 'Last name', ar: 'اسم العائلة', ur: 'آخری نام' },
        required: true,
        mapsTo: 'basicInfo.lastName',
        validation: { maxLength: 50 },
      }),
      field({
        key: 'dateOfBirth',
        type: 'date',
        label: { en: 'Date of birth', ar: 'تاريخ الميلاد', ur: 'تاریخ پیدائش' },
        required: true,
        mapsTo: 'basicInfo.dateOfBirth',
        validation: { maxDate: 'today' },
      }),
      field({
        key: 'nationality',
        type: 'nationality',
        label: { en: 'Nationality', ar: 'الجنسية', ur: 'قومیت' },
        required: true,
        mapsTo: 'basicInfo.nationalityId',
      }),
      field({
        key: 'idNumber',
        type: 'text',
        label: { en: 'ID number', ar: 'رقم الهوية', ur: 'شناختی نمبر' },
        required: true,
        mapsTo: 'identityInfo.number',
        validation: { strictlyAlphanumeric: true, maxLength: 30 },
      }),
    ],
  };
}

/** The form a page has before anything is published: the protected fields on identity pages, a contact section elsewhere. */
export function defaultFormDefinition(page: TFormPage): TFormDefinition {
  if (IDENTITY_PAGES.includes(page)) return { sections: [identitySection()] };
  if (page === 'account-info')
    return {
      sections: [
        {
          key: 'contact',
          title: { en: 'Contact', ar: 'الاتصال', ur: 'رابطہ' },
          fields: [
            field({
              key: 'email',
              type: 'email',
              label: { en: 'E-mail', ar: 'البريد الإلكتروني', ur: 'ای میل' },
              required: true,
              mapsTo: 'contactInfo.email',
            }),
            field({ key: 'phone', type: 'phone', label: { en: 'Phone', ar: 'الهاتف', ur: 'فون' }, mapsTo: 'contactInfo.phoneNumber' }),
          ],
        },
      ],
    };
  return {
    sections: [
      {
        key: 'additional',
        title: en('Additional information'),
        fields: [field({ key: 'note', type: 'help-text', label: en('Tell us a little more about you.') })],
      },
    ],
  };
}

/* ------------------------------------------------------------------ stored forms */

export const ZFormActor = z.object({ _id: z.string().nullable(), name: z.string() });

/** A published version: immutable once written. */
export const ZFormVersion = z.object({
  _id: z.string(),
  dataSegmentId: z.string(),
  page: ZFormPage,
  version: z.number().int(),
  definition: ZFormDefinition,
  publishedBy: ZFormActor,
  publishedAt: z.string(),
  /** The version this one restored, when it was published by a restore. */
  restoredFrom: z.number().int().nullable(),
});
export type TFormVersion = z.infer<typeof ZFormVersion>;

export const ZFormVersionSummary = ZFormVersion.omit({ definition: true });
export type TFormVersionSummary = z.infer<typeof ZFormVersionSummary>;

/** A page's working copy and what is in force. */
export const ZFormState = z.object({
  dataSegmentId: z.string(),
  page: ZFormPage,
  draft: ZFormDefinition,
  /** Increases on every draft save; a save quoting an older one is refused (409). */
  draftRevision: z.number().int(),
  draftUpdatedBy: ZFormActor.nullable(),
  draftUpdatedAt: z.string().nullable(),
  published: ZFormVersion.nullable(),
  /** Problems publishing the draft would meet (the same validator as publish). */
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type TFormState = z.infer<typeof ZFormState>;

export const ZFormPageQuery = z.object({ dataSegmentId: z.string().max(64).optional() });
export const ZFormPageParams = z.object({ page: ZFormPage });
export const ZFormVersionParams = z.object({ page: ZFormPage, version: z.coerce.number().int().min(1).max(1_000_000) });

export const ZFormDraftSave = z.object({
  dataSegmentId: z.string().max(64).optional(),
  draftRevision: z.number().int().min(0),
  definition: ZFormDefinition,
});
export type TFormDraftSave = z.infer<typeof ZFormDraftSave>;

export const ZFormPublish = z.object({ dataSegmentId: z.string().max(64).optional(), draftRevision: z.number().int().min(0) });
export type TFormPublish = z.infer<typeof ZFormPublish>;

/** GET form-builder/list (RG-44): dataSegmentId and section; the data is the published field list. */
export const ZFormListQuery = z.object({ dataSegmentId: z.string().max(64).optional(), section: ZFormPage });
export const ZFormListField = ZFormField.extend({ section: ZFieldKey, sectionTitle: ZLocalized, versionId: z.string() });
export type TFormListField = z.infer<typeof ZFormListField>;

/** A journey's answers to one page, checked against the version the journey started on. */
export const ZFormSubmissionStart = z.object({ dataSegmentId: z.string().max(64).optional(), page: ZFormPage });
export const ZFormSubmission = z.object({
  _id: z.string(),
  dataSegmentId: z.string(),
  page: ZFormPage,
  versionId: z.string(),
  version: z.number().int(),
  definition: ZFormDefinition,
  answers: ZFormAnswers,
  submittedAt: z.string().nullable(),
});
export type TFormSubmission = z.infer<typeof ZFormSubmission>;
export const ZFormSubmissionAnswers = z.object({ answers: ZFormAnswers, language: z.enum(FORM_LANGUAGES).default('en') });
