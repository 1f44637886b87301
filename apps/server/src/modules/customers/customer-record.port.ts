/**
 * What another module that keeps its own kind of customer row (companies) uses of the customer
 * record: the row, its versions, hits and alerts, and the screening memory. Companies are customers
 * rows of type 'company', so their hits, alerts, ratings and versions are these, not copies.
 */
export { changedPaths, idNumberKey, normaliseName, type CustomerColumns } from './customer-facts';
export {
  deleteOpenHits,
  findBySubmissionKey,
  findCustomer,
  hasOpenAlert,
  insertAlert,
  insertCustomerRow,
  insertHits,
  insertVersion,
  lockCustomer,
  lockKeys,
  updateCustomerRow,
  type NewHitRow,
} from './customer.repository';
export { listCustomers } from './customer-search.repository';
export { mergeScreening } from './hit-memory';
export { deleteHitsById, forgetDecisions, listDecidedHitRows, listRememberedDecisions } from './hit-review.repository';
export { locateIp } from './ip-location';
