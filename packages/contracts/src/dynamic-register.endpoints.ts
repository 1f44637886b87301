import {
  ZDynamicRegisterOpen,
  ZDynamicRegisterResult,
  ZDynamicRegisterSession,
  ZDynamicRegisterStart,
  ZDynamicRegisterStarted,
  ZDynamicRegisterStepParams,
  ZDynamicRegisterStepSave,
  ZDynamicRegisterStepSaved,
} from './dynamic-register';
import { PUBLIC, endpoint, requireAnyOrLink } from './endpoint';
import { successEnvelope } from './http';

const tag = 'dynamic register';

/** Only a dynamic-register link opens a journey; a signed-in caller is refused by the handler. */
const THROUGH_LINK = requireAnyOrLink(['dynamic-register'], 'register-customer');

/**
 * The public dynamic register: a customer with a link (or, where the segment allows it, anyone
 * with the address, who is given a link of their own) fills six steps; setup-profile and
 * account-info are the segment's published forms, pinned to the versions the journey started on.
 */
export const DYNAMIC_REGISTER_ENDPOINTS = {
  start: endpoint({
    method: 'POST',
    path: 'dynamic-register/start',
    tag,
    summary:
      "Start a registration without a link: only where the segment's onboarding configuration opens the dynamic register to the public (rate limited per address); answers the journey's own link token once",
    access: PUBLIC,
    body: ZDynamicRegisterStart,
    response: successEnvelope(ZDynamicRegisterStarted),
  }),
  open: endpoint({
    method: 'POST',
    path: 'dynamic-register/open',
    tag,
    summary:
      'Open the journey of a dynamic-register link: the forms it is pinned to (pinned on the first opening), the answers saved so far and the settings',
    access: THROUGH_LINK,
    body: ZDynamicRegisterOpen,
    response: successEnvelope(ZDynamicRegisterSession),
  }),
  saveStep: endpoint({
    method: 'PUT',
    path: 'dynamic-register/steps/:step',
    tag,
    summary:
      "Save a step: the documents, or the answers checked against the journey's pinned form version (422 with each field's message); refused before the earlier steps",
    access: THROUGH_LINK,
    params: ZDynamicRegisterStepParams,
    body: ZDynamicRegisterStepSave,
    response: successEnvelope(ZDynamicRegisterStepSaved),
  }),
  complete: endpoint({
    method: 'POST',
    path: 'dynamic-register/complete',
    tag,
    summary:
      'Complete the registration: the answers are checked again against the pinned versions, and the customer is stored, screened and rated in one unit of work with its audit entry; the link is used up',
    access: THROUGH_LINK,
    body: ZDynamicRegisterOpen,
    response: successEnvelope(ZDynamicRegisterResult),
  }),
};
