import { FILE_ENDPOINTS } from '@sanad/contracts/files.endpoints';
import { apiBlob } from '../../lib/api';
import { uploadFile } from '../../lib/upload';

/** Where the panel keeps the drawn image: it saves a PNG and answers its stored name; it fetches one by that name. */
export interface SignatureStorage {
  save: (png: Blob) => Promise<string>;
  load: (sign: string) => Promise<Blob>;
}

/**
 * The files API: the PNG is uploaded as a customer document (checked, re-encoded and encrypted at
 * rest like any other), and the form keeps only its stored name; the image is fetched from
 * `files/{sign}` when shown. A public link's page sends its link token instead of a session.
 */
export const filesSignatureStorage: SignatureStorage = {
  async save(png) {
    const stored = await uploadFile(new File([png], 'signature.png', { type: 'image/png' }), 'customers');
    return stored.fileName;
  },
  load: (sign) => apiBlob(FILE_ENDPOINTS.download, { params: { fileName: sign } }),
};
