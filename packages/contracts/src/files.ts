import { z } from 'zod';
import { DEFAULT_UPLOAD_LIMIT_MB } from './constants';

/** File kinds the server recognises by their first bytes, never by the name alone. */
export const FILE_KINDS = ['jpeg', 'png', 'gif', 'webp', 'pdf', 'doc', 'docx', 'xlsx', 'csv', 'txt', 'xml', 'json', 'mp4', 'webm'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export interface UploadPolicy {
  accept: readonly FileKind[];
  /** The spec's message for a refused type (000 §5, 001 §5). */
  formatMessage: 'File format not supported' | 'File format is not allowed';
  maxMegabytes: number;
  /** Where the file is kept; also the folder part of its download path. */
  folder: string;
}

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
  },
  documents: {
    accept: ['pdf', 'doc', 'docx', 'jpeg', 'png', 'gif', 'webp'],
    formatMessage: 'File format is not allowed',
    maxMegabytes: DEFAULT_UPLOAD_LIMIT_MB,
    folder: 'documents',
  },
  video: { accept: ['webm', 'mp4'], formatMessage: 'File format is not allowed', maxMegabytes: 30, folder: 'video' },
  bulk: { accept: ['csv', 'xlsx'], formatMessage: 'File format is not allowed', maxMegabytes: 20, folder: 'bulk' },
  'screening-list': {
    accept: ['csv', 'txt', 'xml', 'json', 'xlsx'],
    formatMessage: 'File format is not allowed',
    maxMegabytes: 200,
    folder: 'screening-list',
  },
} as const satisfies Record<string, UploadPolicy>;
export type UploadType = keyof typeof UPLOAD_POLICIES;
export const UPLOAD_TYPES = Object.keys(UPLOAD_POLICIES) as UploadType[];

/** The upload result (000 §3): the server-assigned name and the original one (also as originalName). */
export const ZUploadResult = z.object({
  fileName: z.string(),
  originalFileName: z.string(),
  originalName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type TUploadResult = z.infer<typeof ZUploadResult>;
