import type { TCustomerDetail, TCustomerUpdateBody } from '@sanad/contracts/customers';
import { newDraft, toSubmission, type DraftRecord, type SelfRegisterDraft } from '../self-register/draft';
import type { StepName } from '../self-register/steps';

/**
 * The seven steps of edit profile, in the registration's order, record-video second as in the public
 * deep flow: a new clip is checked by the server, whose verdict replaces the stored one when the edit
 * is saved; without a new clip the stored clip and its verdicts stay. Titles read 'Edit Customer'
 * followed by the step; the preview is 'Preview Details'.
 */
export const EDIT_PROFILE_STEPS = [
  { name: 'upload-document', label: 'Upload Document', title: 'Edit Customer Upload Document' },
  { name: 'record-video', label: 'Record Video', title: 'Edit Customer Record Video' },
  { name: 'setup-profile', label: 'Setup Profile', title: 'Edit Customer Setup Profile' },
  { name: 'account-info', label: 'Account Info', title: 'Edit Customer Account Info' },
  { name: 'additional-info', label: 'Additional Info', title: 'Edit Customer Additional Info' },
  { name: 'preview', label: 'Preview Details', title: 'Preview Details' },
  { name: 'finish', label: 'Finish', title: 'Edit Customer Finish' },
] as const satisfies ReadonlyArray<{ name: StepName; label: string; title: string }>;

export type EditStepName = (typeof EDIT_PROFILE_STEPS)[number]['name'];

export const EDIT_PROFILE_BASE = '/customer-profiles/edit-profile';

/** /customer-profiles/edit-profile/<step>/:id: the id at the end of the path. */
export function editProfilePath(step: EditStepName, id: string): string {
  return `${EDIT_PROFILE_BASE}/${step}/${encodeURIComponent(id)}`;
}

export function isEditStep(value: string | undefined): value is EditStepName {
  return EDIT_PROFILE_STEPS.some((step) => step.name === value);
}

export function editStepIndex(step: EditStepName): number {
  return EDIT_PROFILE_STEPS.findIndex((candidate) => candidate.name === step);
}

/** The sections of the stored record the steps edit; server-set facts (sanadId, verdicts, location) are left out. */
const EDITABLE = [
  'basicInfo',
  'identityInfo',
  'occupationInfo',
  'pepDeclaration',
  'contactInfo',
  'accountInfo',
  'sourceOfWealth',
  'sourceOfFunds',
  'documentInfo',
  'customInfo',
  'dynamicInputValues',
  'additionalInfo',
  'jointAccountInfo',
  'minorAccountInfo',
  'crsInfo',
  'fatcaInfo',
  'signature',
  'uaePassDetails',
] as const;

/** What an edit keeps between its steps: the draft the step components fill, and the version it started from. */
export interface EditDraft {
  customerId: string;
  version: number;
  draft: SelfRegisterDraft;
}

/** The stored record as the steps' draft: every editable section, the reference and the document's card type. */
export function editDraftOf(customer: Pick<TCustomerDetail, '_id' | 'version' | 'record'>): EditDraft {
  const { record } = customer;
  const sections: DraftRecord = {};
  for (const key of EDITABLE) {
    if (record[key] !== undefined) Object.assign(sections, { [key]: structuredClone(record[key]) });
  }
  if (record.reference) sections.reference = record.reference;
  const empty = newDraft(() => customer._id);
  return {
    customerId: customer._id,
    version: customer.version,
    draft: {
      ...empty,
      record: { ...empty.record, ...sections },
      // The stored sides show as uploaded; a new reading replaces them.
      document: {
        ...empty.document,
        cardType: record.identityInfo?.cardType ?? null,
        front: record.documentInfo?.identity ?? null,
        back: record.documentInfo?.identityBack ?? null,
      },
      reached: 'finish',
    },
  };
}

/** The body of PUT customers/:id: the whole edited record and the version the edit started from. */
export function toUpdate(edit: EditDraft): TCustomerUpdateBody {
  const { submissionKey: _key, dataSegmentId: _segment, ...record } = toSubmission(edit.draft, null);
  return { ...record, version: edit.version };
}

const storageKey = (id: string) => `sanad.editProfile.${id}`;

function isEditDraft(value: unknown, id: string): value is EditDraft {
  if (!value || typeof value !== 'object') return false;
  const edit = value as Partial<EditDraft>;
  return edit.customerId === id && typeof edit.version === 'number' && typeof edit.draft === 'object' && edit.draft !== null;
}

/** The edit in progress in this tab, kept in session storage so that moving between steps or reloading keeps it. */
export function loadEdit(id: string, storage: Storage = sessionStorage): EditDraft | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(storageKey(id)) ?? 'null');
    return isEditDraft(parsed, id) ? parsed : null;
  } catch {
    return null;
  }
}

export function saveEdit(edit: EditDraft, storage: Storage = sessionStorage): void {
  storage.setItem(storageKey(edit.customerId), JSON.stringify(edit));
}

export function clearEdit(id: string, storage: Storage = sessionStorage): void {
  storage.removeItem(storageKey(id));
}
