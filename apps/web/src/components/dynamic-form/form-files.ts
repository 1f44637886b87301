import { FORM_FILE_UPLOAD } from '@sanad/contracts/form-builder';
import { uploadFile } from '../../lib/upload';
import { filesSignatureStorage, type SignatureStorage } from '../signature-panel/signature-storage';

/**
 * Where a dynamic form's file and signature answers go. In a journey: the files API (a file field's
 * file as a `documents` upload, a signature's PNG as the Signature Panel saves it), with the staff
 * session or the journey's link token (`x-onboarding-token`, set by the public page's link session);
 * the answer is the stored file's name. In the builder's preview there is no journey: nothing is
 * uploaded, and the answer is a placeholder that passes the answers validator.
 */
export interface FormFiles {
  upload: (file: File) => Promise<{ fileName: string; originalName: string }>;
  signatures: SignatureStorage;
  isPreview: boolean;
}

export const filesApiFormFiles: FormFiles = {
  async upload(file) {
    const stored = await uploadFile(file, FORM_FILE_UPLOAD);
    return { fileName: stored.fileName, originalName: stored.originalName };
  },
  signatures: filesSignatureStorage,
  isPreview: false,
};

/** The answer a preview gives a file or signature field: shaped like a stored name, never stored. */
export const PREVIEW_FILE_ANSWER = 'preview-not-uploaded.enc';

export const previewFormFiles: FormFiles = {
  upload: async (file) => ({ fileName: PREVIEW_FILE_ANSWER, originalName: file.name }),
  signatures: {
    save: async () => PREVIEW_FILE_ANSWER,
    load: () => Promise.reject(new Error('A preview stores no signature')),
  },
  isPreview: true,
};

/** Original names of the files uploaded in this tab, by field and stored name (the answer holds the stored name only). */
const originalNames = new Map<string, string>();
export const rememberOriginalName = (field: string, fileName: string, originalName: string) =>
  originalNames.set(`${field}:${fileName}`, originalName);
export const originalNameOf = (field: string, fileName: string): string | undefined => originalNames.get(`${field}:${fileName}`);
