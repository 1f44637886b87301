import { LINK_PURPOSES, PUBLIC, SIGNED_IN, endpoint, fileResponse, multipart, requireAnyOrLink } from './endpoint';
import { successEnvelope } from './http';
import { UPLOAD_PERMISSIONS, ZDocumentUploadFields, ZFolderFileParams, ZStoredFileParams, ZUploadFields, ZUploadResult } from './files';

const tag = 'files';

/**
 * Uploads are admitted for any permission that uploads some type (or an onboarding link); the
 * service then requires the permission of the type sent: screening lists the list-import
 * permissions, bulk files bulk-upload, customer documents the registration permissions or a link.
 */
const UPLOADERS = requireAnyOrLink(LINK_PURPOSES, ...UPLOAD_PERMISSIONS);

/** Stored files are served decrypted; a stored file's content type is the one checked at upload. */
const STORED_TYPES = fileResponse(
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
  'video/mp4',
  'video/webm',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
  'text/plain',
  'application/xml',
  'application/json',
);

export const FILE_ENDPOINTS = {
  upload: endpoint({
    method: 'POST',
    path: 'files/',
    tag,
    summary: 'Upload a file (multipart: type, optional dataSegmentId, then file); checked by its bytes and stored encrypted',
    access: UPLOADERS,
    body: multipart(ZUploadFields),
    response: successEnvelope(ZUploadResult),
  }),
  encrypt: endpoint({
    method: 'POST',
    path: 'files/encrypt',
    tag,
    summary: 'Upload a file as POST files/ does (the spec names this path too)',
    access: UPLOADERS,
    body: multipart(ZUploadFields),
    response: successEnvelope(ZUploadResult),
  }),
  uploadDocument: endpoint({
    method: 'POST',
    path: 'files/upload',
    tag,
    summary:
      'Upload a customer document (multipart: optional type customers and dataSegmentId, then file); a holder of bulk-upload may send the CSV or XLSX customers file of bulk onboarding here',
    access: UPLOADERS,
    body: multipart(ZDocumentUploadFields),
    response: successEnvelope(ZUploadResult),
  }),
  download: endpoint({
    method: 'GET',
    path: 'files/:fileName',
    tag,
    // Any signed-in user of the file's segment (a log export also needs system-logs), or the link that uploaded it.
    summary: 'Download a stored file of a data segment the caller works in',
    access: requireAnyOrLink(LINK_PURPOSES),
    params: ZStoredFileParams,
    response: STORED_TYPES,
  }),
  userFile: endpoint({
    method: 'GET',
    path: 'files/users/:fileName',
    tag,
    summary: 'A file of the users folder (user-guide manuals and videos), decrypted',
    access: SIGNED_IN,
    params: ZFolderFileParams,
    response: fileResponse('application/pdf', 'video/mp4', 'video/webm'),
  }),
  logo: endpoint({
    method: 'GET',
    path: 'files/logo/:fileName',
    tag,
    summary: 'A logo or guide thumbnail (public), decrypted',
    access: PUBLIC,
    params: ZFolderFileParams,
    response: fileResponse('image/png', 'image/jpeg'),
  }),
};
