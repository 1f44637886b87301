import {
  ZDocumentRequest,
  ZDocumentRequestInput,
  ZDocumentUploadOpen,
  ZDocumentUploadResult,
  ZDocumentUploadSession,
  ZDocumentUploadSubmission,
} from './document-requests';
import { PUBLIC, endpoint, requireAny } from './endpoint';
import { successEnvelope, ZLooseIdParams } from './http';
import { z } from 'zod';

const tag = 'document requests';

/**
 * Document requests: staff ask an existing customer for further documents; the customer uploads
 * them through the e-mailed document-upload link (its token in the x-onboarding-token header, the
 * files through POST files/upload with the same header) and completes. Open and complete read the
 * token themselves rather than through the link check every other link call has: a completion
 * retried after the link was used up must still answer its first result.
 */
export const DOCUMENT_REQUEST_ENDPOINTS = {
  create: endpoint({
    method: 'POST',
    path: 'customers/:id/document-requests',
    tag,
    summary:
      "Request documents from a customer: creates a document-upload link tied to the customer, e-mails it to the customer's address and records the audit entry, together",
    access: requireAny('edit-profile'),
    params: ZLooseIdParams,
    body: ZDocumentRequestInput,
    response: successEnvelope(ZDocumentRequest),
  }),
  list: endpoint({
    method: 'GET',
    path: 'customers/:id/document-requests',
    tag,
    summary: "The customer's document requests, newest first, each with its link's state",
    access: requireAny('view-customer-profile'),
    params: ZLooseIdParams,
    response: successEnvelope(z.array(ZDocumentRequest)),
  }),
  open: endpoint({
    method: 'POST',
    path: 'document-upload/open',
    tag,
    summary:
      "Open a document-upload link (token in x-onboarding-token): what is requested and the customer's first name; a wrong, expired, used, revoked or other segment's link is answered 401 alike",
    access: PUBLIC,
    body: ZDocumentUploadOpen,
    response: successEnvelope(ZDocumentUploadSession),
  }),
  complete: endpoint({
    method: 'POST',
    path: 'document-upload/complete',
    tag,
    summary:
      "Send the requested documents (uploaded through the same link): they are attached to the customer's record, the link is used up, the timeline and staff are told, in one transaction; a retry with the same submission key answers the first result",
    access: PUBLIC,
    body: ZDocumentUploadSubmission,
    response: successEnvelope(ZDocumentUploadResult),
  }),
};
