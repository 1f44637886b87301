/**
 * Document requests (docs/decisions/document-upload-link.md). Staff ask an existing customer for
 * further documents: a document-upload link tied to the customer is e-mailed through the outbox.
 * The customer opens the link without signing in, uploads the files through the files pipeline
 * with the link's token (checked by their bytes, JPEG/PNG/PDF only, encrypted at rest), and
 * completes: the documents are attached to the customer's record, the link is used up, the
 * timeline (audit) entry and the staff notification are written, in one transaction.
 *
 * Open and complete resolve the token here rather than in the authentication hook: a completion
 * retried after the first one used the link up must still answer the first result. Every link that
 * cannot be used (wrong token, expired, revoked, used, another segment's address) is answered with
 * the same 401 and nothing of the request.
 */
import {
  DOCUMENT_LABELS,
  DOCUMENT_REQUEST_MESSAGES,
  requestedLabels,
  type TDocumentRequest,
  type TDocumentRequestInput,
  type TDocumentUploadResult,
  type TDocumentUploadSession,
  type TDocumentUploadSubmission,
} from '@sanad/contracts/document-requests';
import type { TDocumentInfo, TFileRef } from '@sanad/contracts/customers';
import type { TOnboardingSettings } from '@sanad/contracts/onboarding-configuration';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { hashLinkToken } from '../../platform/auth/onboarding-links';
import { randomToken } from '../../platform/crypto/aead';
import type { Database, Queryable } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { hitCounter } from '../../platform/http/rate-counter.repository';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { enqueueMessage } from '../../platform/messaging/outbox';
import { kickOutbox } from '../../platform/messaging/outbox.job';
import type { FileVault } from '../../platform/storage/file-vault';
import type { CustomerService } from '../customers/customer.service';
import { notifyUsers } from '../notifications/notification.events';
import { documentRequestMessage } from './document-upload-message';
import {
  completeDocumentRequest,
  findDocumentRequest,
  findRequestByTokenHash,
  insertDocumentRequest,
  listDocumentRequests,
  touchLink,
  type LinkedDocumentRequest,
} from './document-upload.repository';
import { insertOnboardingLink, markLinkUsed } from './onboarding-link.repository';
import { linkUrl } from './onboarding-link.service';
import { journeyLanguageOf, segmentCompanyName } from './temp-customer.repository';

/** Requests one link may make in a minute: opening, a few uploads' previews and the completion. */
export const DOCUMENT_LINK_REQUESTS_PER_MINUTE = 60;

export interface DocumentUploadServiceDeps {
  db: Database;
  hmacKey: Buffer;
  publicUrl: string;
  jobs: JobQueue | null;
  vault: Pick<FileVault, 'describe'>;
  customers: Pick<CustomerService, 'get' | 'attachDocumentsInTransaction'>;
  /** The segment's onboarding configuration: the address-proof types and the link lifetime. */
  onboardingSettings: (dataSegmentId: string) => Promise<Pick<TOnboardingSettings, 'addressProofDocumentTypes' | 'linkLifetimeDays'>>;
  /** The per-link limit (tests lower it). */
  requestsPerMinute?: number;
  /** The clock the expiry date check reads (tests fix it). */
  now?: () => Date;
}

const invalid = () => AppError.unauthorized(DOCUMENT_REQUEST_MESSAGES.linkInvalid);

/** A link of this segment's address that is still live (not used, revoked or expired). */
const isUsable = (request: LinkedDocumentRequest, dataSegmentId: string) =>
  request.dataSegmentId === dataSegmentId && request.linkStatus === 'active' && !request.isExpired;

/** A file as the record keeps it: its stored name and the name the customer chose. */
const ref = (file: TFileRef): TFileRef => ({ fileName: file.fileName, originalFileName: file.originalFileName ?? file.fileName });

export function createDocumentUploadService(deps: DocumentUploadServiceDeps) {
  const { db, hmacKey, publicUrl, jobs, vault, customers, onboardingSettings } = deps;
  const limit = deps.requestsPerMinute ?? DOCUMENT_LINK_REQUESTS_PER_MINUTE;
  const clock = deps.now ?? (() => new Date());

  /** The request behind a token (any state), once within the link's rate; null for an unknown token. */
  async function resolve(token: string | undefined, forUpdate: Queryable | null = null): Promise<LinkedDocumentRequest | null> {
    if (!token || token.length < 20 || token.length > 200) return null;
    return findRequestByTokenHash(forUpdate ?? db, hashLinkToken(hmacKey, token), forUpdate !== null);
  }

  async function withinRate(request: LinkedDocumentRequest): Promise<void> {
    if ((await hitCounter(db, `document-upload:${request.linkId}`, 60)) > limit)
      throw new AppError('RATE_LIMITED', DOCUMENT_REQUEST_MESSAGES.tooManyRequests);
  }

  /** A file the submission names must have been uploaded through this link. */
  async function refuseForeignFile(request: LinkedDocumentRequest, field: string, file: TFileRef | undefined): Promise<void> {
    if (!file) return;
    const stored = await vault.describe(file.fileName);
    if (!stored || stored.onboardingLinkId !== request.linkId) throw AppError.field(field, DOCUMENT_REQUEST_MESSAGES.notYourFile);
  }

  /** What the submission attaches, checked against what was requested; only requested documents are taken. */
  async function attachmentsOf(
    request: LinkedDocumentRequest,
    input: TDocumentUploadSubmission,
  ): Promise<{ documentInfo: Partial<TDocumentInfo>; identityExpiryDate?: string; received: string[] }> {
    const { requested } = request;
    const errors: Record<string, string[]> = {};
    const documentInfo: Partial<TDocumentInfo> = {};
    const received: string[] = [];
    let identityExpiryDate: string | undefined;
    if (requested.addressProofTypes.length > 0) {
      if (!input.addressProof) errors.addressProof = [DOCUMENT_REQUEST_MESSAGES.uploadRequired(DOCUMENT_LABELS.addressProof.toLowerCase())];
      else if (!requested.addressProofTypes.includes(input.addressProof.documentType))
        errors['addressProof.documentType'] = [DOCUMENT_REQUEST_MESSAGES.addressProofType(requested.addressProofTypes)];
      else {
        await refuseForeignFile(request, 'addressProof', input.addressProof);
        documentInfo.fieldAddressProof = ref(input.addressProof);
        documentInfo.addressProofDocumentType = input.addressProof.documentType;
        received.push(`${DOCUMENT_LABELS.addressProof} (${input.addressProof.documentType})`);
      }
    }
    if (requested.isFundsEvidence) {
      if (!input.fundsEvidence)
        errors.fundsEvidence = [DOCUMENT_REQUEST_MESSAGES.uploadRequired(DOCUMENT_LABELS.fundsEvidence.toLowerCase())];
      else {
        await refuseForeignFile(request, 'fundsEvidence', input.fundsEvidence);
        documentInfo.fundsEvidenceDocument = ref(input.fundsEvidence);
        received.push(DOCUMENT_LABELS.fundsEvidence);
      }
    }
    if (requested.isIdentityDocument) {
      if (!input.identity) errors['identity.front'] = [DOCUMENT_REQUEST_MESSAGES.uploadRequired(DOCUMENT_LABELS.identity.toLowerCase())];
      else if (input.identity.expiryDate < clock().toISOString().slice(0, 10))
        errors['identity.expiryDate'] = [DOCUMENT_REQUEST_MESSAGES.expiryPast];
      else {
        await refuseForeignFile(request, 'identity.front', input.identity.front);
        await refuseForeignFile(request, 'identity.back', input.identity.back);
        documentInfo.identity = ref(input.identity.front);
        if (input.identity.back) documentInfo.identityBack = ref(input.identity.back);
        identityExpiryDate = input.identity.expiryDate;
        received.push(DOCUMENT_LABELS.identity);
      }
    }
    if (Object.keys(errors).length > 0) throw AppError.validation(errors);
    return { documentInfo, received, ...(identityExpiryDate ? { identityExpiryDate } : {}) };
  }

  return {
    /**
     * Staff ask a customer of their segments for documents: the link (the segment's configured
     * lifetime), the request, the e-mail and the audit entry on the customer's timeline commit
     * together. The address-proof types must be the onboarding configuration's. The e-mail is in the
     * language staff chose, else in the one the customer registered through their link in, else English.
     */
    async request(actor: Actor, customerId: string, input: TDocumentRequestInput, meta: RequestMeta): Promise<TDocumentRequest> {
      const customer = await customers.get(actor, customerId);
      const dataSegmentId = customer.dataSegmentId;
      const settings = await onboardingSettings(dataSegmentId);
      const unknown = input.requested.addressProofTypes.filter((type) => !settings.addressProofDocumentTypes.includes(type));
      if (unknown.length > 0)
        throw AppError.field('requested.addressProofTypes', DOCUMENT_REQUEST_MESSAGES.addressProofType(settings.addressProofDocumentTypes));
      const email = customer.email ?? customer.record.contactInfo?.email ?? null;
      if (!email) throw AppError.conflict('email', DOCUMENT_REQUEST_MESSAGES.noEmail);
      const requested = { ...input.requested, addressProofTypes: [...new Set(input.requested.addressProofTypes)] };
      const token = randomToken(32);
      const url = linkUrl(publicUrl, dataSegmentId, token, 'document-upload');
      const language = input.language ?? (await journeyLanguageOf(db, dataSegmentId, customer._id)) ?? 'en';
      const id = await db.transaction(async (tx) => {
        const link = await insertOnboardingLink(tx, {
          dataSegmentId,
          tokenHash: hashLinkToken(hmacKey, token),
          purpose: 'document-upload',
          email,
          phone: null,
          validForDays: settings.linkLifetimeDays,
          createdBy: actor.userId,
        });
        const requestId = await insertDocumentRequest(tx, {
          dataSegmentId,
          onboardingLinkId: link._id,
          customerId: customer._id,
          requested,
          note: input.note,
          reason: 'staff',
          createdBy: { id: actor.userId, name: actor.name },
        });
        const documents = requestedLabels(requested);
        await enqueueMessage(
          tx,
          documentRequestMessage({
            dataSegmentId,
            recipient: email,
            firstName: customer.firstName ?? '',
            companyName: await segmentCompanyName(tx, dataSegmentId),
            requested,
            note: input.note,
            url,
            expiresAt: link.expiresAt,
            language,
          }),
        );
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'customers',
          action: 'requested_documents',
          entityType: 'customer',
          entityId: customer._id,
          summary: `Requested documents from ${customer.sanadId} by e-mail: ${documents.join(', ')}`,
          details: { documentRequestId: requestId, onboardingLinkId: link._id, requested, note: input.note, language },
        });
        await kickOutbox(jobs, tx);
        return requestId;
      });
      const created = await findDocumentRequest(db, id);
      if (!created) throw AppError.notFound();
      return created;
    },

    /** A customer's requests, for staff who may see the customer. */
    async list(actor: Actor, customerId: string): Promise<TDocumentRequest[]> {
      const customer = await customers.get(actor, customerId);
      return listDocumentRequests(db, customer.dataSegmentId, customer._id);
    },

    /** The customer opens the link: what is requested and their first name, nothing else of the record. */
    async open(token: string | undefined, dataSegmentId: string): Promise<TDocumentUploadSession> {
      const request = await resolve(token);
      if (!request || !isUsable(request, dataSegmentId)) throw invalid();
      await withinRate(request);
      await touchLink(db, request.linkId);
      return { firstName: request.firstName, requested: request.requested, note: request.note, expiresAt: request.expiresAt };
    },

    /**
     * The customer sends the documents. Checked against the request and the files this link
     * uploaded; then, with the request locked, the record gains the documents as its next version,
     * the link is used up, the timeline entry and the staff notification are written. A retry with
     * the first completion's submission key answers its result, even once the link is used up.
     */
    async complete(token: string | undefined, input: TDocumentUploadSubmission, meta: RequestMeta): Promise<TDocumentUploadResult> {
      const found = await resolve(token);
      if (!found || found.dataSegmentId !== input.dataSegmentId) throw invalid();
      if (found.submitted) {
        if (found.submissionKey === input.submissionKey) return found.submitted;
        throw invalid();
      }
      if (!isUsable(found, input.dataSegmentId)) throw invalid();
      await withinRate(found);
      const attachments = await attachmentsOf(found, input);
      return db.transaction(async (tx) => {
        const request = await resolve(token, tx);
        if (!request) throw invalid();
        // A completion that committed meanwhile (the same page's retry) is answered, another refused.
        if (request.submitted) {
          if (request.submissionKey === input.submissionKey) return request.submitted;
          throw invalid();
        }
        if (!isUsable(request, input.dataSegmentId)) throw invalid();
        const attached = await customers.attachDocumentsInTransaction(tx, request.dataSegmentId, request.customerId, attachments);
        if (!attached) throw invalid();
        const result: TDocumentUploadResult = {
          firstName: request.firstName,
          received: attachments.received,
          completedAt: new Date().toISOString(),
        };
        await completeDocumentRequest(tx, request.id, input.submissionKey, result);
        await markLinkUsed(tx, request.linkId);
        await appendAudit(tx, {
          dataSegmentId: request.dataSegmentId,
          source: auditSource(null, meta),
          module: 'customers',
          action: 'received_requested_documents',
          entityType: 'customer',
          entityId: request.customerId,
          summary: `${attached.sanadId} uploaded through their document-upload link: ${attachments.received.join(', ')}`,
          details: {
            documentRequestId: request.id,
            onboardingLinkId: request.linkId,
            version: attached.version,
            changedFields: attached.changedFields,
            ...(attachments.identityExpiryDate ? { identityExpiryDate: attachments.identityExpiryDate } : {}),
          },
        });
        await notifyUsers(tx, {
          dataSegmentId: request.dataSegmentId,
          userIds: request.createdBy ? [request.createdBy] : [],
          permission: 'edit-profile',
          title: 'Requested documents received',
          description: `${attached.sanadId} (${attached.fullName}) uploaded: ${attachments.received.join(', ')}.`,
          icon: 'user',
        });
        return result;
      });
    },
  };
}

export type DocumentUploadService = ReturnType<typeof createDocumentUploadService>;
