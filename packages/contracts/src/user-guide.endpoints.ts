import { SIGNED_IN, endpoint, multipart, requireAny } from './endpoint';
import { ZMessageEnvelope, successEnvelope } from './http';
import { ZGuideParams, ZGuideTargetQuery, ZGuideUploadFields, ZUserGuide, ZUserGuideQuery } from './user-guide';

const tag = 'user-guide';

/** Guide files are configuration: changing them needs `configurations`; reading them only a session. */
export const USER_GUIDE_ENDPOINTS = {
  get: endpoint({
    method: 'GET',
    path: 'configurations/user-guide',
    tag,
    summary: 'The guide videos, thumbnails and manual of an edition (standard or lite) for a data segment',
    access: SIGNED_IN,
    query: ZUserGuideQuery,
    response: successEnvelope(ZUserGuide),
  }),
  upload: endpoint({
    method: 'POST',
    path: 'configurations/user-guide/:edition/:asset',
    tag,
    summary: 'Upload a guide file: video-n (mp4, webm), thumbnail-n (png, jpeg) or manual (pdf)',
    access: requireAny('configurations'),
    params: ZGuideParams,
    query: ZGuideTargetQuery,
    body: multipart(ZGuideUploadFields),
    response: ZMessageEnvelope,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: 'configurations/user-guide/:edition/:asset',
    tag,
    summary: 'Remove a guide file',
    access: requireAny('configurations'),
    params: ZGuideParams,
    query: ZGuideTargetQuery,
    response: ZMessageEnvelope,
  }),
};
