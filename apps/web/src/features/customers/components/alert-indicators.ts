import type { TCustomerListItem } from '@sanad/contracts/customers';
import { alertIndicator } from '@sanad/contracts/status-labels';
import { hitTypeLabel } from '../../../lib/hit-types';

export interface Indicator {
  /** The spec's indicator value: mis_matched, expired, expiredIn, pep, enforcement, blackList, sanction, a risk level, periodic_review_due. */
  value: string;
  label: string;
  colour: 'black' | 'danger' | 'ok';
  icon: 'cross' | 'tick';
}

const LABELS: Readonly<Record<string, string>> = {
  mis_matched: 'Documents mismatched',
  expired: 'Document expired',
  expiredIn: 'Document nearing expiry',
  periodic_review_due: 'Periodic review due',
  high: 'High risk',
  medium: 'Medium risk',
  low: 'Low risk',
  sanction: 'Sanctioned',
};

type IndicatorFacts = Pick<TCustomerListItem, 'hitTypes' | 'documentStatuses' | 'riskLevel' | 'isDocumentExpired' | 'isReviewDue'>;

/**
 * A customer's alert indicators, from its stored facts: the screening hit types, the document
 * status tags (mismatch, near expiry) and expiry, the risk level and the periodic review date. The
 * colour and the cross or tick come from the one rule in contracts (black, danger, ok).
 */
export function customerIndicators(customer: IndicatorFacts): Indicator[] {
  const values: string[] = [];
  if (customer.documentStatuses.includes('Documents mismatched')) values.push('mis_matched');
  if (customer.isDocumentExpired) values.push('expired');
  else if (customer.documentStatuses.includes('Documents nearing expiry')) values.push('expiredIn');
  values.push(...customer.hitTypes);
  if (customer.riskLevel && !values.includes(customer.riskLevel)) values.push(customer.riskLevel);
  if (customer.isReviewDue) values.push('periodic_review_due');
  return values.map((value) => ({ value, label: LABELS[value] ?? hitTypeLabel(value), ...alertIndicator(value) }));
}
