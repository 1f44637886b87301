import { ISO_COUNTRIES } from '@sanad/risk/defaults/iso-countries';
import { resolveCountry } from '@sanad/screening/importers/country-resolver';
import { isCardTypeAllowedBy } from '@sanad/idv/document/card-types';
import { mapOcrResultToCustomerRecord } from '@sanad/idv/document/customer-record-mapper';
import type { TOcrAnswer, TOcrRequest } from '@sanad/contracts/idv';
import type { Database } from '../../platform/db/database';
import type { FileVault } from '../../platform/storage/file-vault';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import { callerSegment, type Caller } from '../../platform/auth/caller';
import { AppError } from '../../platform/http/app-error';
import type { RequestMeta } from '../../platform/http/request-meta';
import { canSeeSegment } from '../../platform/tenancy/scope';
import type { IdvEngines } from './idv-engines';
import { getIdvSettings } from './idv-settings.repository';

const GENDERS: Record<string, { id: string; name: string }> = {
  male: { id: 'male', name: 'Male' },
  m: { id: 'male', name: 'Male' },
  female: { id: 'female', name: 'Female' },
  f: { id: 'female', name: 'Female' },
};

/** Nationalities and genders are the reference lists' codes (ISO alpha-2, male/female), as the dropdowns store them. */
const LOOKUPS = {
  findGender: (gender: string) => GENDERS[gender.trim().toLowerCase()],
  findNationality: (codeOrName: string) => {
    const code = resolveCountry(codeOrName);
    const country = code ? ISO_COUNTRIES.find((entry) => entry.code === code) : undefined;
    return country ? { id: country.code, name: country.name } : undefined;
  },
};

function toList(value: TOcrRequest['cardTypeList']): string[] {
  if (!value) return [];
  return (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean);
}

export function createDocumentReadingService({ db, vault, engines }: { db: Database; vault: FileVault; engines: IdvEngines }) {
  return {
    /**
     * Reads an uploaded identity document (POST customers/ocr). The card types asked for must be
     * among those the segment accepts; the portrait crop is stored like any upload and named in
     * documentInfo.ocrPicture. Nothing personal is written to the audit trail.
     */
    async readDocument(caller: Caller, request: TOcrRequest, meta: RequestMeta): Promise<TOcrAnswer> {
      const dataSegmentId = callerSegment(caller, request.dataSegmentId);
      const file = await vault.describe(request.filePath);
      const mayRead =
        file !== null &&
        file.dataSegmentId === dataSegmentId &&
        (caller.kind === 'staff' ? canSeeSegment(caller.actor.segments, dataSegmentId) : file.onboardingLinkId === caller.link.linkId);
      if (!file || !mayRead) throw AppError.field('filePath', 'Upload the document first');
      const stored = await vault.read(request.filePath);
      if (!stored) throw AppError.field('filePath', 'Upload the document first');

      const settings = await getIdvSettings(db, dataSegmentId);
      const requested = toList(request.cardTypeList);
      const accepted = settings.acceptedCardTypes;
      // A client may narrow the accepted types, never widen them.
      const cardTypeList =
        requested.length > 0
          ? requested.filter((code) => accepted.some((allowed) => isCardTypeAllowedBy(code, allowed) || isCardTypeAllowedBy(allowed, code)))
          : accepted;
      if (requested.length > 0 && cardTypeList.length === 0)
        throw AppError.field('cardTypeList', 'None of these document types is accepted');

      const reader = await engines.documentReader();
      const reading = await reader.read(stored.body, {
        ...(request.cardType ? { cardType: request.cardType } : {}),
        ...(request.cardSide ? { cardSide: request.cardSide } : {}),
        cardTypeList,
        nearExpiryDays: settings.nearExpiryDays,
      });
      let ocrPictureFileName: string | undefined;
      if (reading.face.face_image) {
        const portrait = await vault.store({
          body: Buffer.from(reading.face.face_image, 'base64'),
          originalName: 'ocr-portrait.jpg',
          contentType: 'image/jpeg',
          folder: 'customers',
          dataSegmentId,
          createdBy: caller.kind === 'staff' ? caller.actor.userId : null,
          onboardingLinkId: caller.kind === 'link' ? caller.link.linkId : null,
        });
        ocrPictureFileName = portrait.fileName;
      }
      await db.transaction((tx) =>
        appendAudit(tx, {
          dataSegmentId,
          source: auditSource(caller.kind === 'staff' ? caller.actor : null, meta),
          module: 'computer_vision',
          action: 'read_document',
          entityType: 'file',
          entityId: request.filePath,
          summary: `Read a document: status ${reading.status_code}${reading.card_type ? `, ${reading.card_type}` : ''}`,
          details: { statusCode: reading.status_code, cardType: reading.card_type, byLink: caller.kind === 'link' },
        }),
      );
      const { mrz: _mrz, checks: _checks, ...result } = reading;
      return {
        ...result,
        record: mapOcrResultToCustomerRecord(result, { lookups: LOOKUPS, ...(ocrPictureFileName ? { ocrPictureFileName } : {}) }),
      };
    },
  };
}

export type DocumentReadingService = ReturnType<typeof createDocumentReadingService>;
