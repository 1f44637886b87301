import { PUBLIC, endpoint, requireAny, requireAnyOrLink } from './endpoint';
import { listEnvelope, successEnvelope, ZLooseIdParams } from './http';
import {
  ZDeepLinkRequest,
  ZDeepRegisterOpen,
  ZDeepRegisterResult,
  ZDeepRegisterSession,
  ZDeepRegisterStart,
  ZDeepRegisterStarted,
  ZDeepRegisterStepParams,
  ZDeepRegisterStepSave,
  ZDeepRegisterStepSaved,
  ZTempCustomer,
  ZTempCustomerAction,
  ZTempCustomerResend,
  ZTempCustomerListQuery,
} from './temp-customers';

const tag = 'deep-link onboarding';

/**
 * Only the customer's own link opens the public deep register. A signed-in caller passes the
 * access check but is refused by the handler: a registration link is not a staff screen.
 */
const THROUGH_LINK = requireAnyOrLink(['deep-register'], 'register-customer');

/**
 * Deep-link onboarding: staff send a registration link and follow the temp customers it created;
 * the customer fills in the seven steps with the link's token (header x-onboarding-token), each
 * step saved on the server, and completes the registration.
 */
export const TEMP_CUSTOMER_ENDPOINTS = {
  send: endpoint({
    method: 'POST',
    path: 'customers/temp-customers',
    tag,
    summary:
      'Send a registration link by email or SMS: creates the temp customer and its link (the address is answered once), queues the message and records the audit entry together',
    access: requireAny('register-customer'),
    body: ZDeepLinkRequest,
    response: successEnvelope(ZTempCustomer),
  }),
  list: endpoint({
    method: 'GET',
    path: 'customers/temp-customers',
    tag,
    summary: 'Temp customers of the active data segment, newest first, with the state of each link',
    access: requireAny('view-deeplink-sent'),
    query: ZTempCustomerListQuery,
    response: listEnvelope(ZTempCustomer),
  }),
  get: endpoint({
    method: 'GET',
    path: 'customers/temp-customers/:id',
    tag,
    summary: 'One temp customer and the state of its link',
    access: requireAny('view-deeplink-sent'),
    params: ZLooseIdParams,
    response: successEnvelope(ZTempCustomer),
  }),
  resend: endpoint({
    method: 'POST',
    path: 'customers/temp-customers/:id/resend',
    tag,
    summary:
      "Send the link again with a new token (the previous address stops working) and a new expiry, in the language given or the customer's; the saved progress is kept",
    access: requireAny('register-customer'),
    params: ZLooseIdParams,
    body: ZTempCustomerResend,
    response: successEnvelope(ZTempCustomer),
  }),
  revoke: endpoint({
    method: 'POST',
    path: 'customers/temp-customers/:id/revoke',
    tag,
    summary: 'Withdraw the link: its address stops working at once',
    access: requireAny('register-customer'),
    params: ZLooseIdParams,
    body: ZTempCustomerAction,
    response: successEnvelope(ZTempCustomer),
  }),
  start: endpoint({
    method: 'POST',
    path: 'deep-register/start',
    tag,
    summary:
      "Start the older public form (/:dataSegmentId/register, six steps) without a link: only where the segment's onboarding configuration opens it, with a solved captcha (428 otherwise), rate limited per address and per segment; answers the journey's own link token once",
    access: PUBLIC,
    body: ZDeepRegisterStart,
    response: successEnvelope(ZDeepRegisterStarted),
  }),
  open: endpoint({
    method: 'POST',
    path: 'deep-register/open',
    tag,
    summary: "Open the customer's registration link: who was invited and the progress saved so far (marks the link opened)",
    access: THROUGH_LINK,
    body: ZDeepRegisterOpen,
    response: successEnvelope(ZDeepRegisterSession),
  }),
  saveStep: endpoint({
    method: 'PUT',
    path: 'deep-register/steps/:step',
    tag,
    summary:
      'Save a step: refused before the earlier steps are saved, checked with the customer contract for this step and the earlier ones, kept on the server',
    access: THROUGH_LINK,
    params: ZDeepRegisterStepParams,
    body: ZDeepRegisterStepSave,
    response: successEnvelope(ZDeepRegisterStepSaved),
  }),
  complete: endpoint({
    method: 'POST',
    path: 'deep-register/complete',
    tag,
    summary:
      'Complete the registration from the saved steps, with the liveness and face results the server checked: the customer is stored, screened and rated in one unit of work, and the link is used up',
    access: THROUGH_LINK,
    body: ZDeepRegisterOpen,
    response: successEnvelope(ZDeepRegisterResult),
  }),
};
