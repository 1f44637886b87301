import {
  ZCustomerVerificationDetail,
  ZCustomerVerificationItem,
  ZCustomerVerificationListQuery,
  ZVerificationOutcomeSave,
} from './customer-verification';
import { endpoint, requireAny } from './endpoint';
import { listEnvelope, successEnvelope, ZLooseIdParams } from './http';

const tag = 'customer-verification';

/**
 * The customer verification register (/customer-verification): the NADRA and criminal-record
 * checks of each individual customer, and the outcomes officers record for them. Every lookup is
 * scoped to the caller's data segments; another segment's customer is answered as not found.
 */
export const CUSTOMER_VERIFICATION_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: 'customer-verification/',
    tag,
    summary:
      "Individual customers with their NADRA and criminal-record check status, filtered by each check's status; dataSegmentId 'none' (or 'skip') means the caller's current segment",
    access: requireAny('view-customer-verification'),
    query: ZCustomerVerificationListQuery,
    response: listEnvelope(ZCustomerVerificationItem),
  }),
  get: endpoint({
    method: 'GET',
    path: 'customer-verification/:id',
    tag,
    summary: "One customer's checks with every outcome recorded for them, newest first",
    access: requireAny('view-customer-verification'),
    params: ZLooseIdParams,
    response: successEnvelope(ZCustomerVerificationDetail),
  }),
  record: endpoint({
    method: 'POST',
    path: 'customer-verification/:id/checks',
    tag,
    summary:
      'Record the outcome of an external check (verified, failed or not-required) with a note, its reference and optionally an evidence file uploaded as type verification. Sets the check on the record, keeps the outcome in the history and the activity timeline; a failed check raises a triggered alert when none is open',
    access: requireAny('manage-customer-verification'),
    params: ZLooseIdParams,
    body: ZVerificationOutcomeSave,
    response: successEnvelope(ZCustomerVerificationDetail),
  }),
};
