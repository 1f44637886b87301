import {
  FILE_KIND_EXTENSIONS,
  FILE_MESSAGES,
  LOGO_DRAFT_FOLDER,
  UPLOAD_POLICIES,
  ZUploadFields,
  type FileKind,
  type TUploadResult,
  type UploadPolicy,
  type UploadType,
} from '@sanad/contracts/files';
import { MESSAGES } from '@sanad/contracts/messages';
import type { Permission } from '@sanad/contracts/permissions';
import { LOG_EXPORT_FOLDER } from '@sanad/contracts/system-logs';
import { API_LOG_EXPORT_FOLDER } from '@sanad/contracts/api-logs';
import type { Readable } from 'node:stream';
import { appendAudit } from '../../platform/audit/audit-log';
import { callerAuditActor, callerSegment, type Caller } from '../../platform/auth/caller';
import type { Queryable } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { RequestMeta } from '../../platform/http/request-meta';
import { fileTooLarge, storageQuotaExceeded } from '../../platform/storage/checked-upload';
import { StorageQuotaExceededError, type FileVault, type StoredFile } from '../../platform/storage/file-vault';
import { createChunkReader, type IncomingFile } from '../../platform/storage/upload-stream';
import { canSeeSegment } from '../../platform/tenancy/scope';
import type { DataSegmentService } from '../data-segments/data-segment.service';
import { CONTENT_TYPES, KIND_HEAD_BYTES, detectFileKind, extensionOf } from './file-type';
import { ImageRefusedError, sanitiseImage } from './image-sanitiser';

const MEGABYTE = 1024 * 1024;
const IMAGE_KINDS = new Set(['jpeg', 'png', 'gif', 'webp']);

/** The largest file any upload type takes: the multipart parser itself stops past it. */
export const LARGEST_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_POLICIES).map((policy) => policy.maxMegabytes)) * MEGABYTE;

/**
 * Folders of files the server writes whose contents need a permission beyond the data segment: an
 * export of the system logs holds what only the system-logs permission may read.
 */
const FOLDER_PERMISSIONS: Readonly<Record<string, Permission>> = {
  [LOG_EXPORT_FOLDER]: 'system-logs',
  [API_LOG_EXPORT_FOLDER]: 'manage-api-logs',
  // Customers files of bulk onboarding and their refused rows hold many customers' details.
  [UPLOAD_POLICIES.bulk.folder]: 'bulk-upload',
  'bulk-error': 'bulk-upload',
  // Evidence of a NADRA or criminal-record check is read on the customer verification screen only.
  [UPLOAD_POLICIES.verification.folder]: 'view-customer-verification',
};

/** Folders whose files only their uploader may read: a logo not yet saved into the branding or a labeling. */
const UPLOADER_ONLY_FOLDERS: ReadonlySet<string> = new Set([LOGO_DRAFT_FOLDER]);

/** A signed-in user who may see the file's segment, the onboarding link that uploaded it, and for a draft only its uploader. */
function mayRead(caller: Caller, file: StoredFile): boolean {
  if (caller.kind !== 'staff') return file.onboardingLinkId === caller.link.linkId;
  if (UPLOADER_ONLY_FOLDERS.has(file.folder)) return file.createdBy === caller.actor.userId;
  return file.dataSegmentId !== null && canSeeSegment(caller.actor.segments, file.dataSegmentId);
}

function toResult(file: StoredFile): TUploadResult {
  return {
    fileName: file.fileName,
    originalFileName: file.originalName,
    originalName: file.originalName,
    contentType: file.contentType,
    size: file.sizeBytes,
    uploadedAt: file.createdAt.toISOString(),
  };
}

/** A name that is safe in a Content-Disposition header and on any file system. */
export function safeDownloadName(name: string): string {
  const cleaned = name
    .replace(/\.enc$/i, '')
    .replace(/[^\w.\- ()]+/g, '_')
    .slice(0, 120);
  return cleaned || 'file';
}

const formatRefused = (policy: UploadPolicy) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', policy.formatMessage, { file: [policy.formatMessage] });

/** The upload type a request names, read from the fields sent before the file. */
function uploadTypeOf(
  fields: Readonly<Record<string, string>>,
  fixedType: UploadType | undefined,
): { type: UploadType; dataSegmentId?: string } {
  const parsed = ZUploadFields.safeParse(fixedType ? { ...fields, type: fixedType } : fields);
  if (parsed.success) return parsed.data;
  // The type field may simply have come after the file: say so rather than that it is missing.
  throw AppError.field(
    'type',
    fields.type === undefined ? FILE_MESSAGES.fieldsFirst : (parsed.error.issues[0]?.message ?? MESSAGES.validation),
  );
}

/**
 * Staff need a permission of the work the file type serves; an end customer's link may upload only
 * the types of their own onboarding.
 */
function mayUpload(caller: Caller, policy: UploadPolicy): boolean {
  if (caller.kind === 'link') return policy.isForLinks;
  return policy.permissions.some((permission) => caller.actor.permissions.has(permission));
}

/**
 * The policies an upload of this type may be stored under, those the caller may use. The type
 * customers (files/upload) also takes the customers file of bulk onboarding (CSV or XLSX) from a
 * holder of bulk-upload: the file's first bytes decide which of the two it is.
 */
function policiesFor(caller: Caller, type: UploadType): [UploadPolicy, ...UploadPolicy[]] {
  const candidates: UploadPolicy[] = type === 'customers' ? [UPLOAD_POLICIES.customers, UPLOAD_POLICIES.bulk] : [UPLOAD_POLICIES[type]];
  const [first, ...rest] = candidates.filter((policy) => mayUpload(caller, policy));
  if (!first) throw AppError.forbidden(FILE_MESSAGES.typeNotAllowed);
  return [first, ...rest];
}

export interface FilesServiceDeps {
  vault: FileVault;
  /** Each segment's storage quota. */
  segments: Pick<DataSegmentService, 'storageQuotaMb'>;
}

/** Who stores a file: a staff user, an onboarding link, or an application (neither), and what else commits with it. */
interface Uploader {
  createdBy: string | null;
  onboardingLinkId: string | null;
  auditActor: { id: string; name: string } | null;
  attach?: (tx: Queryable, stored: StoredFile) => Promise<void>;
}

export function createFilesService({ vault, segments }: FilesServiceDeps) {
  /**
   * Stores an upload encrypted under its data segment as it streams in. Before a byte of the file
   * is read: the segment's remaining quota. Then its first bytes must prove a kind one of the
   * policies accepts, and it is cut off at the policy's size limit or the quota, whichever comes
   * first. Images are decoded whole to be re-encoded (they are at most a few megabytes); everything
   * else is sealed chunk by chunk and never held whole.
   */
  async function storeChecked(
    policies: [UploadPolicy, ...UploadPolicy[]],
    type: UploadType,
    dataSegmentId: string,
    file: IncomingFile,
    meta: RequestMeta,
    uploader: Uploader,
  ): Promise<StoredFile> {
    const quotaMb = await segments.storageQuotaMb(dataSegmentId);
    if (quotaMb === null) throw AppError.notFound();
    const remaining = quotaMb * MEGABYTE - (await vault.usedBytes(dataSegmentId));
    if (remaining <= 0) throw storageQuotaExceeded(quotaMb);

    const reader = createChunkReader(file.chunks);
    const head = await reader.head(KIND_HEAD_BYTES);
    if (head.length === 0) throw AppError.field('file', FILE_MESSAGES.emptyFile);
    const kind = detectFileKind(head, reader.isComplete());
    const extension = extensionOf(file.fileName);
    const policy = policies.find(
      (candidate) =>
        kind !== null && (candidate.accept as readonly string[]).includes(kind) && FILE_KIND_EXTENSIONS[kind].includes(extension),
    );
    const sizePolicy = policy ?? policies[0];
    const policyBytes = sizePolicy.maxMegabytes * MEGABYTE;
    const limit = Math.min(policyBytes, remaining);
    const onExceeded = () => (limit < policyBytes ? storageQuotaExceeded(quotaMb) : fileTooLarge(sizePolicy.maxMegabytes));
    if (head.length > limit) throw onExceeded();
    if (!kind || !policy) throw formatRefused(policies[0]);

    let storedKind: FileKind = kind;
    const metadata = {
      originalName: (file.fileName || 'upload').replace(/\.enc$/i, ''),
      folder: policy.folder,
      dataSegmentId,
      createdBy: uploader.createdBy,
      onboardingLinkId: uploader.onboardingLinkId,
      quotaBytes: quotaMb * MEGABYTE,
      withinTransaction: async (tx: Queryable, stored: StoredFile) => {
        await appendAudit(tx, {
          dataSegmentId,
          source: { actor: uploader.auditActor, ip: meta.ip, requestId: meta.requestId },
          module: type === 'screening-list' ? 'screening_data' : 'customers',
          action: 'uploaded_file',
          entityType: 'file',
          entityId: stored.fileName,
          summary: `Uploaded a ${storedKind.toUpperCase()} file (${policy.folder})`,
        });
        await uploader.attach?.(tx, stored);
      },
    };
    try {
      if (!IMAGE_KINDS.has(kind)) {
        const stored = await vault.storeStream({
          ...metadata,
          body: reader.limited(limit, onExceeded),
          contentType: CONTENT_TYPES[kind],
        });
        return stored;
      }
      const original = await reader.all(limit, onExceeded);
      const image = await sanitiseImage(original, kind, { resizeForDocuments: type === 'customers' }).catch((error: unknown) => {
        throw error instanceof ImageRefusedError ? formatRefused(policy) : error;
      });
      storedKind = image.kind;
      return await vault.store({ ...metadata, body: image.body, contentType: CONTENT_TYPES[image.kind] });
    } catch (error) {
      if (error instanceof StorageQuotaExceededError) throw storageQuotaExceeded(quotaMb);
      throw error;
    }
  }

  return {
    /**
     * Stores an upload encrypted under its data segment as it streams in. Before a byte of the file
     * is read: the caller's permission for its type and the segment's remaining quota. Then its
     * first bytes must prove a kind the type accepts, and it is cut off at the type's size limit or
     * the quota, whichever comes first. Images are decoded whole to be re-encoded (they are at most
     * a few megabytes); everything else is sealed chunk by chunk and never held whole.
     */
    async storeUpload(caller: Caller, file: IncomingFile, fixedType: UploadType | undefined, meta: RequestMeta): Promise<TUploadResult> {
      const { type, dataSegmentId: requested } = uploadTypeOf(file.fields, fixedType);
      const policies = policiesFor(caller, type);
      const dataSegmentId = callerSegment(caller, requested);
      const uploader: Uploader = {
        createdBy: caller.kind === 'staff' ? caller.actor.userId : null,
        onboardingLinkId: caller.kind === 'link' ? caller.link.linkId : null,
        auditActor: callerAuditActor(caller),
      };
      return toResult(await storeChecked(policies, type, dataSegmentId, file, meta, uploader));
    },

    /**
     * A customer document sent by an application through the public API: the same checks, limits and
     * encryption as the app's registration documents (type customers), stored in the key's segment;
     * `attach` runs in the file's own transaction, so the file and its place on the record commit together.
     */
    async storeForApplication(
      dataSegmentId: string,
      file: IncomingFile,
      meta: RequestMeta,
      attach: (tx: Queryable, stored: StoredFile) => Promise<void>,
    ): Promise<StoredFile> {
      const uploader: Uploader = { createdBy: null, onboardingLinkId: null, auditActor: null, attach };
      return storeChecked([UPLOAD_POLICIES.customers], 'customers', dataSegmentId, file, meta, uploader);
    },

    /** A stored file of the segment, for a caller that has already shown it may read it (the public API's document read). */
    async readInSegment(dataSegmentId: string, fileName: string): Promise<{ file: StoredFile; body: Readable }> {
      const file = await vault.describe(fileName);
      if (!file || file.dataSegmentId !== dataSegmentId) throw AppError.notFound();
      const read = await vault.readStream(fileName);
      if (!read) throw AppError.notFound();
      return read;
    },

    /**
     * The file's bytes as a stream, for a signed-in user who may see its data segment (a draft logo:
     * its uploader), or for the onboarding link that uploaded it; 404 for anyone else, so a file name
     * reveals nothing. A user of the segment without the permission its folder needs is refused with 403.
     */
    async readForCaller(caller: Caller, fileName: string): Promise<{ file: StoredFile; body: Readable }> {
      const file = await vault.describe(fileName);
      if (!file || !mayRead(caller, file)) throw AppError.notFound();
      const permission = FOLDER_PERMISSIONS[file.folder];
      if (permission && (caller.kind !== 'staff' || !caller.actor.permissions.has(permission))) throw AppError.forbidden();
      const read = await vault.readStream(fileName);
      if (!read) throw AppError.notFound();
      return read;
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
