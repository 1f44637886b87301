/**
 * The customer verification register: the NADRA and criminal-record checks of each individual
 * customer. Sanad runs neither check; an officer records the outcome of the external check (or a
 * provider adapter does, see customer-verification.port.ts). Recording is one transaction with the
 * customer locked: the record's status and its column, the kept outcome, the audit entry (which is
 * the activity timeline's entry) and, for a failed check, a triggered alert when none is open.
 */
import {
  CUSTOMER_VERIFICATION_MESSAGES as M,
  VERIFICATION_CHECK_LABELS,
  CHECK_STATUS_LABELS,
  type TCustomerVerificationDetail,
  type TCustomerVerificationItem,
  type TCustomerVerificationListQuery,
  type TVerificationOutcomeSave,
} from '@sanad/contracts/customer-verification';
import { UPLOAD_POLICIES } from '@sanad/contracts/files';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { FileVault } from '../../platform/storage/file-vault';
import { targetSegment } from '../../platform/tenancy/target-segment';
import { notifyUsers } from '../notifications/notification.events';
import { hasOpenAlert, insertAlert } from './customer.repository';
import {
  findVerification,
  insertVerificationRecord,
  listVerificationRecords,
  listVerifications,
  lockForVerification,
  setCheckStatus,
} from './customer-verification.repository';

export interface CustomerVerificationDeps {
  db: Database;
  /** Where the evidence files are; only their metadata is read, to check the segment and folder. */
  vault: Pick<FileVault, 'describe'>;
}

export function createCustomerVerificationService({ db, vault }: CustomerVerificationDeps) {
  async function detail(actor: Actor, id: string, item?: TCustomerVerificationItem): Promise<TCustomerVerificationDetail> {
    const found = item ?? (await findVerification(db, actor.segments, id));
    if (!found) throw AppError.notFound();
    return { ...found, history: await listVerificationRecords(db, found._id) };
  }

  /** The evidence named by the outcome: a verification upload of the customer's own segment. */
  async function evidenceOf(fileName: string | undefined, dataSegmentId: string) {
    if (!fileName) return null;
    const file = await vault.describe(fileName);
    if (!file || file.dataSegmentId !== dataSegmentId || file.folder !== UPLOAD_POLICIES.verification.folder)
      throw AppError.field('evidenceFileName', M.evidenceMissing);
    return { fileName: file.fileName, originalFileName: file.originalName };
  }

  return {
    /** 'none' and 'skip' name the caller's current segment (PR-13); another one must be the caller's. */
    list(actor: Actor, query: TCustomerVerificationListQuery): Promise<Page<TCustomerVerificationItem>> {
      return listVerifications(db, actor.segments, targetSegment(actor, query.dataSegmentId), query);
    },

    get: (actor: Actor, id: string): Promise<TCustomerVerificationDetail> => detail(actor, id),

    async record(actor: Actor, id: string, input: TVerificationOutcomeSave, meta: RequestMeta): Promise<TCustomerVerificationDetail> {
      const current = await findVerification(db, actor.segments, id);
      if (!current) throw AppError.notFound();
      const evidence = await evidenceOf(input.evidenceFileName, current.dataSegmentId);
      const checkLabel = VERIFICATION_CHECK_LABELS[input.check];
      await db.transaction(async (tx) => {
        const customer = await lockForVerification(tx, actor.segments, id);
        if (!customer) throw AppError.notFound();
        if (customer.type !== 'individual') throw AppError.field('check', M.notIndividual);
        const previousStatus = customer[input.check];
        await setCheckStatus(tx, id, input.check, input.status);
        const recordId = await insertVerificationRecord(tx, {
          dataSegmentId: customer.dataSegmentId,
          customerId: id,
          check: input.check,
          status: input.status,
          previousStatus,
          note: input.note,
          reference: input.reference,
          evidence,
          source: 'manual',
          actor: { id: actor.userId, name: actor.name },
        });
        const reason = `${checkLabel} check failed: ${input.note}`;
        const alertId =
          input.status === 'failed' && !(await hasOpenAlert(tx, id))
            ? await insertAlert(tx, { dataSegmentId: customer.dataSegmentId, customerId: id, type: 'triggered', reason })
            : null;
        const reference = input.reference ? ` (reference ${input.reference})` : '';
        await appendAudit(tx, {
          dataSegmentId: customer.dataSegmentId,
          source: auditSource(actor, meta),
          module: 'customers',
          action: 'recorded_customer_verification',
          entityType: 'customer',
          entityId: id,
          summary: `${checkLabel} check recorded as ${CHECK_STATUS_LABELS[input.status]}${reference}: ${input.note}`,
          details: {
            sanadId: customer.sanadId,
            recordId,
            check: input.check,
            status: input.status,
            previousStatus,
            reference: input.reference,
            evidenceFileName: evidence?.fileName ?? null,
            alertId,
          },
        });
        if (alertId) {
          await appendAudit(tx, {
            dataSegmentId: customer.dataSegmentId,
            source: auditSource(actor, meta),
            module: 'alerts',
            action: 'raised_triggered_alert',
            entityType: 'alert',
            entityId: alertId,
            summary: `Alert for ${customer.sanadId}: ${reason}`,
            details: { customerId: id, sanadId: customer.sanadId },
          });
          await notifyUsers(tx, {
            dataSegmentId: customer.dataSegmentId,
            permission: 'view-alerts',
            exceptUserIds: [actor.userId],
            title: `${checkLabel} check failed`,
            description: `${customer.sanadId} (${customer.fullName}) needs review: ${reason}.`,
            icon: 'alert',
          });
        }
      });
      return detail(actor, id);
    },
  };
}

export type CustomerVerificationService = ReturnType<typeof createCustomerVerificationService>;
