/**
 * The documents on a customer's record as the public API reaches them: a file stored by the files
 * module is attached to the record as one of its documents (an individual's documentInfo entry, a
 * company's companyDocuments), and a document's file is found only through the record that names it.
 */
import { COMPANY_DOCUMENT_KINDS, type TCompanyDocument } from '@sanad/contracts/company-record';
import type { TCustomerRecord, TDocumentEntry } from '@sanad/contracts/customers';
import { PUBLIC_API_DOCUMENT_MESSAGES, V1_INDIVIDUAL_DOCUMENT_KINDS } from '@sanad/contracts/public-api.endpoints';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Database, Queryable } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { RequestMeta } from '../../platform/http/request-meta';
import { scopeFromSegmentIds } from '../../platform/tenancy/scope';
import { findCustomer, insertVersion, lockCustomer, setRecordVersion } from './customer.repository';

export interface AttachedDocument {
  kind: string;
  fileName: string;
  originalFileName: string;
  contentType: string;
  uploadedAt: string;
}

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** Refuses a kind the customer's type does not have (400 on kind), before any file is stored. */
function refuseKind(type: string, kind: string): void {
  if (type === 'company' && !isOneOf(COMPANY_DOCUMENT_KINDS, kind))
    throw AppError.field('kind', PUBLIC_API_DOCUMENT_MESSAGES.kindForCompany);
  if (type !== 'company' && !isOneOf(V1_INDIVIDUAL_DOCUMENT_KINDS, kind))
    throw AppError.field('kind', PUBLIC_API_DOCUMENT_MESSAGES.kindForIndividual);
}

/** Every stored file the record names as a document. */
function documentFiles(record: TCustomerRecord): string[] {
  const named = Object.values(record.documentInfo ?? {}).flatMap((entry) =>
    entry !== null && typeof entry === 'object' && 'fileName' in entry && typeof entry.fileName === 'string' ? [entry.fileName] : [],
  );
  return [...named, ...(record.companyDocuments ?? []).map((document) => document.fileName)];
}

function withDocument(record: TCustomerRecord, type: string, document: AttachedDocument): TCustomerRecord {
  if (type === 'company') {
    const kept = (record.companyDocuments ?? []).filter((existing) => existing.kind !== document.kind);
    const added: TCompanyDocument = {
      kind: document.kind as TCompanyDocument['kind'],
      fileName: document.fileName,
      originalFileName: document.originalFileName,
      contentType: document.contentType,
      receivedAt: document.uploadedAt,
    };
    return { ...record, companyDocuments: [...kept, added] };
  }
  const entry = document.kind as TDocumentEntry;
  return {
    ...record,
    documentInfo: { ...record.documentInfo, [entry]: { fileName: document.fileName, originalFileName: document.originalFileName } },
  };
}

export function createCustomerDocumentService({ db }: { db: Database }) {
  return {
    /** The customer a document of this kind may be attached to, in the segment; 404 or 400 otherwise. */
    async checkTarget(dataSegmentId: string, customerId: string, kind: string): Promise<void> {
      const customer = await findCustomer(db, scopeFromSegmentIds([dataSegmentId]), customerId);
      if (!customer) throw AppError.notFound();
      refuseKind(customer.type, kind);
    },

    /**
     * Inside the stored file's transaction: the record names the file as its document of that kind
     * (a new version, replacing an older file of the kind), and the audit entry the timeline shows.
     */
    async attachInTransaction(
      tx: Queryable,
      dataSegmentId: string,
      customerId: string,
      document: AttachedDocument,
      by: { applicationTitle: string; applicationAccessId: string; meta: RequestMeta },
    ): Promise<void> {
      const scope = scopeFromSegmentIds([dataSegmentId]);
      const locked = await lockCustomer(tx, scope, customerId);
      const customer = locked ? await findCustomer(tx, scope, customerId) : null;
      if (!locked || !customer) throw AppError.notFound();
      refuseKind(customer.type, document.kind);
      const record = withDocument(locked.record as TCustomerRecord, customer.type, document);
      const version = locked.version + 1;
      const field = customer.type === 'company' ? 'companyDocuments' : `documentInfo.${document.kind}`;
      await setRecordVersion(tx, customerId, record, version);
      await insertVersion(tx, {
        dataSegmentId,
        customerId,
        version,
        action: 'edited',
        record,
        changedFields: [field],
        actor: null,
      });
      await appendAudit(tx, {
        dataSegmentId,
        source: auditSource(null, by.meta),
        module: 'customers',
        action: 'uploaded_customer_document',
        entityType: 'customer',
        entityId: customerId,
        summary: `Document ${document.kind} (${document.originalFileName}) uploaded for ${locked.sanadId} through the API by ${by.applicationTitle}`,
        details: {
          sanadId: locked.sanadId,
          version,
          kind: document.kind,
          fileName: document.fileName,
          applicationAccessId: by.applicationAccessId,
        },
      });
    },

    /** Shows the file is a document on this customer's record in the segment; 404 otherwise, so ids reveal nothing. */
    async checkDocumentOf(dataSegmentId: string, customerId: string, fileName: string): Promise<void> {
      const customer = await findCustomer(db, scopeFromSegmentIds([dataSegmentId]), customerId);
      if (!customer) throw AppError.notFound();
      if (!documentFiles(customer.record).includes(fileName)) throw AppError.notFound(PUBLIC_API_DOCUMENT_MESSAGES.notOfCustomer);
    },
  };
}

export type CustomerDocumentService = ReturnType<typeof createCustomerDocumentService>;
