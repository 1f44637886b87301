import { z } from 'zod';
import { DEFAULT_UPLOAD_LIMIT_MB } from './constants';
import type { Permission } from './permissions';

/** File kinds the server recognises by their first bytes, never by the name alone. */
export const FILE_KINDS = ['jpeg', 'png', 'gif', 'webp', 'pdf', 'doc', 'docx', 'xlsx', 'csv', 'txt', 'xml', 'json', 'mp4', 'webm'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** The extensions a kind may arrive with; a mismatch between name and content is refused. */
export const FILE_KIND_EXTENSIONS: Record<FileKind, readonly string[]> = {
  jpeg: ['jpg', 'jpeg'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  pdf: ['pdf'],
  doc: ['doc'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  csv: ['csv', 'txt', 'tsv'],
  txt: ['txt', 'csv', 'tsv', 'dat'],
  xml: ['xml'],
  json: ['json', 'jsonl', 'ndjson'],
  mp4: ['mp4', 'm4v', 'mov'],
  webm: ['webm'],
};

export interface UploadPolicy {
  accept: readonly FileKind[];
  /** The spec's message for a refused type. */
  formatMessage: 'File format not supported' | 'File format is not allowed';
  maxMegabytes: number;
  /** Where the file is kept; also the folder part of its download path. */
  folder: string;
  /** Staff need one of these to upload this type: the permissions of the work the file serves. */
  permissions: readonly Permission[];
  /** An end customer may upload this type through their onboarding link. */
  isForLinks: boolean;
}

/** Who registers customers and companies, or edits their profiles, uploads their documents. */
const REGISTRATION: readonly Permission[] = ['register-customer', 'register-company', 'edit-profile'];

/**
 * What each upload `type` accepts. Registration documents take JPEG, PNG or PDF ('File format not
 * supported'); the generic control takes doc, docx, pdf and images ('File format is not allowed');
 * the limit is 10 MB unless said otherwise.
 */
export const UPLOAD_POLICIES = {
  customers: {
    accept: ['jpeg', 'png', 'pdf'],
    formatMessage: 'File format not supported',
    maxMegabytes: DEFAULT_UPLOAD_LIMIT_MB,
    folder: 'customers',
    permissions: REGISTRATION,
    isForLinks: true,
  },
  documents: {
    accept: ['pdf', 'doc', 'docx', 'jpeg', 'png', 'gif', 'webp'],
    formatMessage: 'File format is not allowed',
    maxMegabytes: DEFAULT_UPLOAD_LIMIT_MB,
    folder: 'documents',
    permissions: REGISTRATION,
    isForLinks: true,
  },
  video: {
    accept: ['webm', 'mp4'],
    formatMessage: 'File format is not allowed',
    maxMegabytes: 30,
    folder: 'video',
    permissions: REGISTRATION,
    isForLinks: true,
  },
  bulk: {
    accept: ['csv', 'xlsx'],
    formatMessage: 'File format is not allowed',
    maxMegabytes: 20,
    folder: 'bulk',
    permissions: ['bulk-upload'],
    isForLinks: false,
  },
  'screening-list': {
    accept: ['csv', 'txt', 'xml', 'json', 'xlsx'],
    formatMessage: 'File format is not allowed',
    maxMegabytes: 200,
    folder: 'screening-list',
    // Whoever imports a list or a delta of it: the file is that import's input.
    permissions: ['screening-list', 'upload-delta-list'],
    isForLinks: false,
  },
  // Evidence of an external check (a NADRA Verisys print-out, a police certificate) recorded on the
  // customer verification screen.
  verification: {
    accept: ['pdf', 'jpeg', 'png'],
    formatMessage: 'File format is not allowed',
    maxMegabytes: DEFAULT_UPLOAD_LIMIT_MB,
    folder: 'verification',
    permissions: ['manage-customer-verification'],
    isForLinks: false,
  },
  // Logos of the branding (the installation's) and of a segment's labeling: once saved, served
  // publicly by name from files/logo, so only PNG and JPEG, re-encoded, and small. An upload waits
  // in the draft folder, seen only by its uploader, until a save moves it to files/logo.
  logo: {
    accept: ['png', 'jpeg'],
    formatMessage: 'File format is not allowed',
    maxMegabytes: 2,
    folder: 'logo-draft',
    permissions: ['branding', 'labeling'],
    isForLinks: false,
  },
} as const satisfies Record<string, UploadPolicy>;
/** Where saved logos (and guide thumbnails) are kept: the folder files/logo serves to anyone. */
export const PUBLIC_LOGO_FOLDER = 'logo';
/** Where an uploaded logo waits until a branding or labeling save names it. */
export const LOGO_DRAFT_FOLDER = UPLOAD_POLICIES.logo.folder;
export type UploadType = keyof typeof UPLOAD_POLICIES;
export const UPLOAD_TYPES = Object.keys(UPLOAD_POLICIES) as UploadType[];

/** Every permission that uploads some type: the upload endpoints admit these, the service checks the type's own. */
export const UPLOAD_PERMISSIONS: readonly Permission[] = [...new Set(UPLOAD_TYPES.flatMap((type) => UPLOAD_POLICIES[type].permissions))];

export const FILE_MESSAGES = {
  uploaded: 'File uploaded successfully',
  typeNotAllowed: 'You do not have permission to upload this type of file',
  fieldsFirst: 'Send the type field before the file',
  chooseFile: 'Choose a file to upload',
  emptyFile: 'The file is empty',
  quotaExceeded: (quotaMb: number) =>
    `This data segment has used its storage quota of ${quotaMb} MB; remove files or ask your operator for a larger quota`,
} as const;

/** The text fields of an upload; they must come before the file part, so the file can be checked as it streams in. */
export const ZUploadFields = z.object({
  type: z.enum(UPLOAD_TYPES as [UploadType, ...UploadType[]], { error: `type must be one of ${UPLOAD_TYPES.join(', ')}` }),
  dataSegmentId: z.string().max(64).optional(),
});

/**
 * files/upload takes a customer document, or from a holder of bulk-upload the customers file of
 * bulk onboarding (CSV or XLSX); the spec's client sends type customers, the only type it takes.
 */
export const ZDocumentUploadFields = z.object({
  type: z.literal('customers', { error: 'type must be customers' }).optional(),
  dataSegmentId: z.string().max(64).optional(),
});

/** The name the server gives every stored file: `<random>.enc`. */
export const STORED_FILE_NAME = /^[A-Za-z0-9_-]{8,128}\.enc$/;

/** A stored file's server-given name. */
export const ZStoredFileParams = z.object({ fileName: z.string().regex(STORED_FILE_NAME) });

/** A stored file of the users or logo folder; any other name is answered as missing. */
export const ZFolderFileParams = z.object({ fileName: z.string().max(200) });

/** The upload result: the server-assigned name and the original one (also as originalName). */
export const ZUploadResult = z.object({
  fileName: z.string(),
  originalFileName: z.string(),
  originalName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type TUploadResult = z.infer<typeof ZUploadResult>;
