import {
  COMPANY_DOCUMENT_KINDS,
  ZCompanySelfRegisterInput,
  type TCompanyDocumentKind,
  type TCompanySelfRegisterBody,
  type TSelfRegisterParentBody,
} from '@sanad/contracts/companies';
import type { RiskLevel } from '@sanad/contracts/risk-rating';
import { validateWith, type FieldErrors } from '../../../lib/form-errors';
import { companyBody, EMPTY_COMPANY_VALUES, type CompanyValues } from '../register/company-form';
import { companyStepIndex, type CompanyStep } from './steps';

/** An uploaded document: the stored file and the name it had on the user's computer. */
export interface DraftDocument {
  fileName: string;
  originalFileName: string;
}

/** What the finish step shows once the server has registered the company. */
export interface RegisteredCompany {
  _id: string;
  sanadId: string;
  fullName: string;
  riskLevel: RiskLevel | null;
  hitCount: number;
  parentCount: number;
  documentCount: number;
}

export interface CompanyDraft {
  documents: Partial<Record<TCompanyDocumentKind, DraftDocument>>;
  values: CompanyValues;
  parents: TSelfRegisterParentBody[];
  /** The furthest step opened with Next: a later step's address leads back here. */
  reached: CompanyStep;
  /** What the server refused at submission, by full dotted path, until the field is changed. */
  serverErrors: FieldErrors;
  result: RegisteredCompany | null;
}

export const COMPANY_DRAFT_KEY = 'sanad.self-register-company';

export function newCompanyDraft(): CompanyDraft {
  return { documents: {}, values: { ...EMPTY_COMPANY_VALUES }, parents: [], reached: 'upload-document', serverErrors: {}, result: null };
}

/** The draft of this tab, or a fresh one when there is none or it cannot be read. */
export function loadCompanyDraft(storage: Storage = sessionStorage): CompanyDraft {
  try {
    const stored = JSON.parse(storage.getItem(COMPANY_DRAFT_KEY) ?? 'null') as Partial<CompanyDraft> | null;
    if (!stored || typeof stored !== 'object' || !stored.values) return newCompanyDraft();
    return { ...newCompanyDraft(), ...stored, values: { ...EMPTY_COMPANY_VALUES, ...stored.values } };
  } catch {
    return newCompanyDraft();
  }
}

export function saveCompanyDraft(draft: CompanyDraft, storage: Storage = sessionStorage): void {
  storage.setItem(COMPANY_DRAFT_KEY, JSON.stringify(draft));
}

export function clearCompanyDraft(storage: Storage = sessionStorage): void {
  storage.removeItem(COMPANY_DRAFT_KEY);
}

/** The whole registration as the API takes it. */
export function toCompanySubmission(draft: CompanyDraft): TCompanySelfRegisterBody {
  const { companyInfo, dataSegmentId } = companyBody(draft.values);
  const documents = COMPANY_DOCUMENT_KINDS.flatMap((kind) => {
    const document = draft.documents[kind];
    return document ? [{ kind, fileName: document.fileName }] : [];
  });
  return { documents, companyInfo, parents: draft.parents, ...(dataSegmentId ? { dataSegmentId } : {}) };
}

/** Which step shows an error of this dotted path. */
export function stepOfCompanyField(path: string): CompanyStep {
  if (path.startsWith('documents')) return 'upload-document';
  if (path.startsWith('parents')) return 'account-info';
  if (path.startsWith('companyInfo')) return 'setup-profile';
  return 'preview';
}

/**
 * The contract's errors (full dotted paths) for the steps up to and including `step`: a later
 * step's empty fields are not yet wrong.
 */
export function companyErrorsUpTo(draft: CompanyDraft, step: CompanyStep): FieldErrors {
  const checked = validateWith(ZCompanySelfRegisterInput, toCompanySubmission(draft));
  if (checked.isValid) return {};
  return Object.fromEntries(
    Object.entries(checked.errors).filter(([path]) => companyStepIndex(stepOfCompanyField(path)) <= companyStepIndex(step)),
  );
}

/** The errors (full dotted paths) that belong to one step, as its form names its fields. */
export function errorsOfCompanyStep(errors: FieldErrors, step: CompanyStep): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => stepOfCompanyField(path) === step)
      .map(([path, message]) => [path.replace(/^companyInfo\./, ''), message]),
  );
}

/** The first step, in wizard order, that holds one of these errors. */
export function firstCompanyStepWithErrors(errors: FieldErrors): CompanyStep | null {
  const steps = Object.keys(errors).map(stepOfCompanyField);
  return steps.toSorted((a, b) => companyStepIndex(a) - companyStepIndex(b))[0] ?? null;
}
