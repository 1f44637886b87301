import type { TCustomerCreateBody, TFileRef } from '@sanad/contracts/customers';
import type { RiskLevel } from '@sanad/contracts/risk-rating';
import type { FieldErrors } from '../../../lib/form-errors';
import {
  DRAFT_STORAGE_KEY,
  browserDraftStores,
  readStoredDraft,
  removeStoredDraft,
  writeStoredDraft,
  type DraftStores,
} from './draft-storage';
import type { StepName } from './steps';

export { DRAFT_STORAGE_KEY };

type Sections = Omit<TCustomerCreateBody, 'submissionKey' | 'dataSegmentId' | 'isIphone' | 'reference'>;

/** The record as the steps fill it in: every section may still be partial. */
export type DraftRecord = { [K in keyof Sections]?: Partial<NonNullable<Sections[K]>> } & { reference?: string };

export type DraftSection = keyof Sections;

/** What the finish step shows once the server has registered the customer. */
export interface RegisteredCustomer {
  _id: string;
  sanadId: string;
  fullName: string;
  riskLevel: RiskLevel | null;
  kycStatus: string;
  hitCount: number;
}

/** The uploaded sides of the identity document and what reading them said. */
export interface DraftDocument {
  cardType: string | null;
  front: TFileRef | null;
  back: TFileRef | null;
  /** The reader's message for each side read, shown on the upload step. */
  messages: string[];
  /** Fields the document reading filled in, so the staff user can check them. */
  prefilled: string[];
}

/** What the record-video step keeps in the draft: the uploaded clip and the verdicts on it. */
export interface DraftVideo {
  /** pending: not recorded yet; skipped: staff chose to go on without a video; checked: verdicts below. */
  status: 'pending' | 'skipped' | 'checked';
  file: TFileRef | null;
  live: boolean | null;
  reasons: string[];
  challengeCompleted: boolean | null;
  /** The face comparison with the document portrait; null when no document image was uploaded. */
  face: { status: 'matched' | 'notmatched' | 'notfound'; score: number | null; threshold: number | null } | null;
}

export const NO_VIDEO: DraftVideo = { status: 'pending', file: null, live: null, reasons: [], challengeCompleted: null, face: null };

export interface SelfRegisterDraft {
  /** Generated once per draft and sent with every submission, so a retry returns the same customer. */
  submissionKey: string;
  record: DraftRecord;
  document: DraftDocument;
  /** The liveness video of the record-video step and its verdicts. */
  video: DraftVideo;
  /** The furthest step reached; later steps cannot be opened before it. */
  reached: StepName;
  /** Field errors the server answered, shown on the step that holds each field. */
  serverErrors: FieldErrors;
  result: RegisteredCustomer | null;
  /** A public journey: the contact this link proved with a code ('email:address'), shown as verified. */
  verifiedContact?: string;
}

export function newDraft(makeKey: () => string = () => crypto.randomUUID()): SelfRegisterDraft {
  return {
    submissionKey: makeKey(),
    record: {
      pepDeclaration: {
        anyPublicPos: false,
        posLastTwoMonths: false,
        everPublicPosition: false,
        diplomaticImmunity: false,
        relativeTwelveMonths: false,
        closeAssociateTwelveMonths: false,
        conviction: false,
        other: false,
      },
      accountInfo: { products: [] },
    },
    document: { cardType: null, front: null, back: null, messages: [], prefilled: [] },
    video: NO_VIDEO,
    reached: 'upload-document',
    serverErrors: {},
    result: null,
  };
}

function isDraft(value: unknown): value is SelfRegisterDraft {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Partial<SelfRegisterDraft>;
  return typeof draft.submissionKey === 'string' && typeof draft.record === 'object' && typeof draft.document === 'object';
}

/** The draft kept for this browser (draft-storage.ts), or a new one when there is none, it is stale, or unreadable. */
export function loadDraft(
  key: string = DRAFT_STORAGE_KEY,
  stores: DraftStores = browserDraftStores(),
  now: number = Date.now(),
): SelfRegisterDraft {
  const stored = readStoredDraft(key, stores, now);
  if (isDraft(stored)) return { ...newDraft(), ...stored };
  const draft = newDraft();
  saveDraft(draft, key, stores, now);
  return draft;
}

export function saveDraft(
  draft: SelfRegisterDraft,
  key: string = DRAFT_STORAGE_KEY,
  stores: DraftStores = browserDraftStores(),
  now: number = Date.now(),
): void {
  // Once registered, only what the finish step shows is kept: the customer's details are with the server.
  const kept = draft.result ? { ...newDraft(() => draft.submissionKey), reached: draft.reached, result: draft.result } : draft;
  writeStoredDraft(kept, key, stores, now);
}

export function clearDraft(key: string = DRAFT_STORAGE_KEY, stores: DraftStores = browserDraftStores()): void {
  removeStoredDraft(key, stores);
}

/** Whether a value read back (from storage or the server) has the shape of a draft. */
export function asDraft(value: unknown): SelfRegisterDraft | null {
  return isDraft(value) ? { ...newDraft(), ...value } : null;
}

/** Sets fields of one section, keeping the rest of it. */
export function withSection<S extends DraftSection>(draft: SelfRegisterDraft, section: S, patch: DraftRecord[S]): SelfRegisterDraft {
  return { ...draft, record: { ...draft.record, [section]: { ...draft.record[section], ...patch } } };
}

/** Empty text and empty lists are left out, so an optional field never reaches the server as ''. */
function compact(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (Array.isArray(value)) {
    const items = value.map(compact).filter((item) => item !== undefined);
    return items;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, compact(item)] as const)
      .filter(([, item]) => item !== undefined);
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return value;
}

/**
 * The body of POST customers/self-register: the whole record, the draft's submission key and the
 * active data segment. Required sections are always present (possibly empty) so that a missing
 * field is reported by name.
 */
export function toSubmission(draft: SelfRegisterDraft, dataSegmentId: string | null): TCustomerCreateBody {
  const record = (compact(draft.record) ?? {}) as Record<string, unknown>;
  const documentInfo = {
    ...(record.documentInfo as object | undefined),
    ...(draft.document.front ? { identity: draft.document.front } : {}),
    ...(draft.document.back ? { identityBack: draft.document.back } : {}),
    // The server sets verificationStatus itself; the record keeps the clip the verdicts were made on.
    ...(draft.video.file ? { video: draft.video.file } : {}),
  };
  return {
    ...record,
    basicInfo: (record.basicInfo ?? {}) as TCustomerCreateBody['basicInfo'],
    identityInfo: (record.identityInfo ?? {}) as TCustomerCreateBody['identityInfo'],
    occupationInfo: (record.occupationInfo ?? {}) as TCustomerCreateBody['occupationInfo'],
    pepDeclaration: (record.pepDeclaration ?? {}) as TCustomerCreateBody['pepDeclaration'],
    contactInfo: (record.contactInfo ?? {}) as TCustomerCreateBody['contactInfo'],
    accountInfo: (record.accountInfo ?? {}) as TCustomerCreateBody['accountInfo'],
    ...(Object.keys(documentInfo).length > 0 ? { documentInfo } : {}),
    submissionKey: draft.submissionKey,
    ...(dataSegmentId ? { dataSegmentId } : {}),
  };
}
