/**
 * Document expiry (docs/decisions/document-expiry.md): a daily job finds live customers whose
 * identity document has expired or expires within the segment's near-expiry window (the IDV
 * configuration's nearExpiryDays). Each gets the 'Documents nearing expiry' tag, and, when the
 * segment's alert settings say so, one 'expiry' alert per document expiry date (indicator expired
 * or expiredIn) and an e-mail with a document-upload link.
 */
import type { TAlertTrigger } from '@sanad/contracts/alerts';
import { SYSTEM_SOURCE, appendAudit } from '../../platform/audit/audit-log';
import type { Database, Queryable } from '../../platform/db/database';
import type { JobSummary } from '../../platform/jobs/job-queue';
import { enqueueMessage } from '../../platform/messaging/outbox';
import { notifyUsers } from '../notifications/notification.events';
import { documentExpiryMessage } from './document-expiry-message';
import {
  nextExpiringCustomers,
  segmentsWithExpiringDocuments,
  tagDocumentNearingExpiry,
  type ExpiringCustomer,
} from './document-expiry.repository';
import { insertTriggeredAlert } from './monitoring.repository';
import { todayUtc } from './periodic-review.service';

export const DOCUMENT_EXPIRY_JOB = 'monitoring.document-expiry';

/** The widest near-expiry window the IDV configuration allows (contracts/idv.ts). */
const MAX_WINDOW_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ExpirySettings {
  nearExpiryDays: number;
  isExpiryAlertOn: boolean;
  isExpiryEmailOn: boolean;
}

export interface DocumentExpiryDeps {
  db: Database;
  /** The segment's near-expiry window and alert switches, read on the caller's transaction. */
  settingsOf: (tx: Queryable, dataSegmentId: string) => Promise<ExpirySettings>;
  /** Issues a document-upload link tied to the customer (a renewed identity document) in the caller's transaction; its public address. */
  issueUploadLink?: (
    tx: Queryable,
    link: { dataSegmentId: string; email: string; customerId: string },
  ) => Promise<{ url: string; expiresAt: string }>;
  batchSize?: number;
  /** Tests: called after each committed batch (a throw stands for a worker dying there). */
  afterBatch?: (batchNo: number) => void;
}

const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export function createDocumentExpiryService(deps: DocumentExpiryDeps) {
  const { db } = deps;
  const batchSize = deps.batchSize ?? 500;

  /** One customer, in the batch's transaction; true when an alert was raised. */
  async function handle(tx: Queryable, customer: ExpiringCustomer, today: string, settings: ExpirySettings): Promise<boolean> {
    const isExpired = customer.expiryDate < today;
    const wasTagged = !(await tagDocumentNearingExpiry(tx, customer.id));
    if (!wasTagged)
      await appendAudit(tx, {
        dataSegmentId: customer.dataSegmentId,
        source: SYSTEM_SOURCE,
        module: 'alerts',
        action: 'marked_document_expiry',
        entityType: 'customer',
        entityId: customer.id,
        summary: `${customer.sanadId}: identity document ${isExpired ? 'expired' : 'expires'} on ${customer.expiryDate}`,
        details: { customerId: customer.id, sanadId: customer.sanadId, expiryDate: customer.expiryDate, isExpired },
      });
    if (!settings.isExpiryAlertOn) return false;
    const trigger: TAlertTrigger = {
      kind: 'document-expiry',
      listKey: null,
      listTitle: null,
      versionNo: null,
      entities: [],
      dueDate: null,
      expiryDate: customer.expiryDate,
      isExpired,
    };
    const alertId = await insertTriggeredAlert(tx, {
      dataSegmentId: customer.dataSegmentId,
      customerId: customer.id,
      type: 'expiry',
      reason: isExpired
        ? `Expired document: the identity document expired on ${customer.expiryDate}`
        : `Document expiring: the identity document expires on ${customer.expiryDate}`,
      // One alert per document expiry date: a new document has a new date, and its own alert when it comes due.
      triggerKey: `expiry:${customer.expiryDate}`,
      trigger,
      extraIndicators: [isExpired ? 'expired' : 'expiredIn'],
    });
    if (!alertId) return false;
    let isLinkSent = false;
    if (settings.isExpiryEmailOn && customer.email && deps.issueUploadLink) {
      const link = await deps.issueUploadLink(tx, {
        dataSegmentId: customer.dataSegmentId,
        email: customer.email,
        customerId: customer.id,
      });
      isLinkSent = true;
      await enqueueMessage(
        tx,
        documentExpiryMessage({
          dataSegmentId: customer.dataSegmentId,
          recipient: customer.email,
          firstName: customer.firstName ?? '',
          isExpired,
          expiryDate: customer.expiryDate,
          url: link.url,
          expiresAt: link.expiresAt,
          language: customer.language ?? 'en',
        }),
      );
    }
    await appendAudit(tx, {
      dataSegmentId: customer.dataSegmentId,
      source: SYSTEM_SOURCE,
      module: 'alerts',
      action: 'raised_expiry_alert',
      entityType: 'customer',
      entityId: customer.id,
      summary: `${customer.sanadId}: ${isExpired ? 'expired document' : 'document expiring'} on ${customer.expiryDate}: alert raised${isLinkSent ? ', upload link e-mailed' : ''}`,
      details: {
        alertId,
        customerId: customer.id,
        sanadId: customer.sanadId,
        expiryDate: customer.expiryDate,
        isExpired,
        isLinkSent,
        ...(isLinkSent ? { language: customer.language ?? 'en' } : {}),
      },
    });
    return true;
  }

  return {
    /**
     * The daily job. Idempotent without a checkpoint: the tag is added once, and each alert's
     * trigger key is the document's expiry date, so a second run (or a run restarted half-way after
     * a committed batch) raises, tags and e-mails nothing twice.
     */
    async raiseExpiryAlerts(now: Date = new Date()): Promise<JobSummary> {
      const today = todayUtc(now);
      let raised = 0;
      let seen = 0;
      let batchNo = 0;
      for (const dataSegmentId of await segmentsWithExpiringDocuments(db, addDays(today, MAX_WINDOW_DAYS))) {
        const settings = await db.transaction((tx) => deps.settingsOf(tx, dataSegmentId));
        const cutoff = addDays(today, settings.nearExpiryDays);
        let afterId: string | null = null;
        let inSegment = 0;
        for (;;) {
          const due = await nextExpiringCustomers(db, dataSegmentId, cutoff, afterId, batchSize);
          if (due.length === 0) break;
          // The reviewers' notification commits with the batch's alerts, so a restart neither loses nor repeats it.
          inSegment += await db.transaction(async (tx) => {
            let count = 0;
            for (const customer of due) if (await handle(tx, customer, today, settings)) count += 1;
            if (count > 0)
              await notifyUsers(tx, {
                dataSegmentId,
                permission: 'view-alerts',
                title: 'Identity documents expiring',
                description: `${count} customer${count === 1 ? '' : 's'} with an expired or expiring identity document: expiry alert${count === 1 ? '' : 's'} raised.`,
                icon: 'alert',
              });
            return count;
          });
          seen += due.length;
          afterId = due.at(-1)!.id;
          batchNo += 1;
          deps.afterBatch?.(batchNo);
        }
        raised += inSegment;
      }
      return { items: raised, note: `${seen} customers with an expired or expiring document, ${raised} expiry alerts raised` };
    },
  };
}

export type DocumentExpiryService = ReturnType<typeof createDocumentExpiryService>;
