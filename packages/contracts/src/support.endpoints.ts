import { PUBLIC, endpoint } from './endpoint';
import { ZMessageEnvelope } from './http';
import { ZSupportRequest } from './support';

const tag = 'support';

export const SUPPORT_ENDPOINTS = {
  send: endpoint({
    method: 'POST',
    path: 'users/support',
    tag,
    summary: 'Contact us: the message is stored and e-mailed to the support address (no sign-in, captcha required)',
    access: PUBLIC,
    body: ZSupportRequest,
    response: ZMessageEnvelope,
  }),
};
