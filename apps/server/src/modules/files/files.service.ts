import { UPLOAD_POLICIES, type TUploadResult, type UploadType } from '@sanad/contracts/files';
import { MESSAGES } from '@sanad/contracts/messages';
import type { Permission } from '@sanad/contracts/permissions';
import { LOG_EXPORT_FOLDER } from '@sanad/contracts/system-logs';
import type { Database } from '../../platform/db/database';
import type { FileVault, StoredFile } from '../../platform/storage/file-vault';
import { appendAudit } from '../../platform/audit/audit-log';
import { callerAuditActor, callerSegment, type Caller } from '../../platform/auth/caller';
import { AppError } from '../../platform/http/app-error';
import type { RequestMeta } from '../../platform/http/request-meta';
import { canSeeSegment } from '../../platform/tenancy/scope';
import { CONTENT_TYPES, EXTENSIONS, detectFileKind, extensionOf } from './file-type';
import { ImageRefusedError, sanitiseImage } from './image-sanitiser';

export interface IncomingUpload {
  type: UploadType;
  originalName: string;
  body: Buffer;
  /** The multipart reader stopped at the size limit. */
  isTruncated: boolean;
  dataSegmentId?: string | undefined;
}

const IMAGE_KINDS = new Set(['jpeg', 'png', 'gif', 'webp']);
/**
 * Folders of files the server writes whose contents need a permission beyond the data segment: an
 * export of the system logs holds what only the system-logs permission may read.
 */
const FOLDER_PERMISSIONS: Readonly<Record<string, Permission>> = { [LOG_EXPORT_FOLDER]: 'system-logs' };

/** What an end customer may upload through an onboarding link: documents and the liveness video. */
const LINK_UPLOAD_TYPES = new Set<UploadType>(['customers', 'documents', 'video']);

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

export function createFilesService({ db, vault }: { db: Database; vault: FileVault }) {
  return {
    /**
     * Checks an upload by its bytes and its name, re-encodes images, and stores it encrypted under
     * the data segment. Every refusal uses the spec's words for the upload type.
     */
    async storeUpload(caller: Caller, upload: IncomingUpload, meta: RequestMeta): Promise<TUploadResult> {
      const policy = UPLOAD_POLICIES[upload.type];
      if (caller.kind === 'link' && !LINK_UPLOAD_TYPES.has(upload.type)) throw AppError.forbidden();
      if (upload.isTruncated || upload.body.length > policy.maxMegabytes * 1024 * 1024) {
        throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge(policy.maxMegabytes), {
          file: [MESSAGES.fileTooLarge(policy.maxMegabytes)],
        });
      }
      const kind = detectFileKind(upload.body);
      const extension = extensionOf(upload.originalName);
      if (!kind || !(policy.accept as readonly string[]).includes(kind) || !EXTENSIONS[kind].includes(extension)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', policy.formatMessage, { file: [policy.formatMessage] });
      }
      const dataSegmentId = callerSegment(caller, upload.dataSegmentId);

      let body = upload.body;
      let storedKind = kind;
      if (IMAGE_KINDS.has(kind)) {
        try {
          ({ body, kind: storedKind } = await sanitiseImage(upload.body, kind, { resizeForDocuments: upload.type === 'customers' }));
        } catch (error) {
          if (error instanceof ImageRefusedError)
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', policy.formatMessage, { file: [policy.formatMessage] });
          throw error;
        }
      }
      const stored = await vault.store({
        body,
        originalName: upload.originalName.replace(/\.enc$/i, ''),
        contentType: CONTENT_TYPES[storedKind],
        folder: policy.folder,
        dataSegmentId,
        createdBy: caller.kind === 'staff' ? caller.actor.userId : null,
        onboardingLinkId: caller.kind === 'link' ? caller.link.linkId : null,
      });
      await db.transaction((tx) =>
        appendAudit(tx, {
          dataSegmentId,
          actor: callerAuditActor(caller),
          module: upload.type === 'screening-list' ? 'screening_data' : 'customers',
          action: 'uploaded_file',
          entityType: 'file',
          entityId: stored.fileName,
          summary: `Uploaded a ${storedKind.toUpperCase()} file (${policy.folder})`,
          ip: meta.ip,
          requestId: meta.requestId,
        }),
      );
      return toResult(stored);
    },

    /**
     * The file's bytes for a signed-in user who may see its data segment, or for the onboarding link
     * that uploaded it; 404 for anyone else, so a file name reveals nothing. A user of the segment
     * without the permission its folder needs is refused with 403.
     */
    async readForCaller(caller: Caller, fileName: string): Promise<{ file: StoredFile; body: Buffer }> {
      const file = await vault.describe(fileName);
      const isAllowed =
        file !== null &&
        (caller.kind === 'staff'
          ? file.dataSegmentId !== null && canSeeSegment(caller.actor.segments, file.dataSegmentId)
          : file.onboardingLinkId === caller.link.linkId);
      if (!file || !isAllowed) throw AppError.notFound();
      const permission = FOLDER_PERMISSIONS[file.folder];
      if (permission && (caller.kind !== 'staff' || !caller.actor.permissions.has(permission))) throw AppError.forbidden();
      const read = await vault.read(fileName);
      if (!read) throw AppError.notFound();
      return read;
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
