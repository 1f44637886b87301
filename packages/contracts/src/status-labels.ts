/**
 * Status badge labels and the text filters applied to displayed values. Used by every
 * list and detail screen through the web's StatusBadge.
 */
export type StatusTone = 'green' | 'yellow' | 'red' | 'gray' | 'orange' | 'dark' | 'blue';

const LABELS: Record<string, { label: string; tone: StatusTone }> = {
  active: { label: 'Active', tone: 'green' },
  inactive: { label: 'Inactive', tone: 'gray' },
  'in-active': { label: 'Inactive', tone: 'gray' },
  locked: { label: 'Locked', tone: 'orange' },
  disabled: { label: 'Disabled', tone: 'gray' },
  'not-applicable': { label: 'Not Applicable', tone: 'gray' },
  // The customer verification checks (nadra, criminalRecord).
  verified: { label: 'Verified', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  'not-required': { label: 'Not Applicable', tone: 'gray' },
  pending: { label: 'Pending', tone: 'yellow' },
  processing: { label: 'Processing', tone: 'blue' },
  archived: { label: 'Archived', tone: 'gray' },
  potential: { label: 'Potential', tone: 'yellow' },
  high: { label: 'High Risk', tone: 'red' },
  medium: { label: 'Medium Risk', tone: 'yellow' },
  low: { label: 'Low Risk', tone: 'green' },
  sanction: { label: 'Sanctioned', tone: 'dark' },
  approved: { label: 'approved', tone: 'green' },
  Submitted: { label: 'Submitted', tone: 'blue' },
  completed: { label: 'completed', tone: 'green' },
  matched: { label: 'Matched', tone: 'green' },
  notmatched: { label: 'Not Matched', tone: 'red' },
  notfound: { label: 'Not Found', tone: 'gray' },
  found: { label: 'Record Found', tone: 'orange' },
  rejected: { label: 'rejected', tone: 'red' },
  expired: { label: 'expired', tone: 'red' },
  // DECISIONS AD-142: one label.
  hit: { label: 'Hit or Genuine', tone: 'red' },
  'AI-hit': { label: 'AI-hit', tone: 'orange' },
  'AI-non-hit': { label: 'AI-non-hit', tone: 'green' },
  'return-alert': { label: 'Returned', tone: 'orange' },
};

/** The badge for a status: an empty one reads 'No Hit', an unknown one shows as rejected. */
export function statusBadge(value: string | null | undefined): { label: string; tone: StatusTone } {
  if (value === null || value === undefined || value === '') return { label: 'No Hit', tone: 'gray' };
  return LABELS[value] ?? { label: 'rejected', tone: 'red' };
}

/**
 * Text filters: not-valid reads invalid, sanction reads sanctioned, n/a is upper-cased,
 * underscores become spaces, and an empty value shows '-'.
 */
export function filterText(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '-';
  if (value === 'not-valid') return 'invalid';
  if (value === 'sanction') return 'sanctioned';
  if (value.toLowerCase() === 'n/a') return 'N/A';
  return value.replace(/_/g, ' ');
}

/** Alert indicators: which values show black, red (danger) or ok, and cross or tick. */
const BLACK = new Set(['mis_matched', 'pep', 'enforcement', 'blackList', 'sanction']);
const DANGER = new Set(['expired', 'expiredIn', 'high', 'medium', 'periodic_review_due']);
const CROSS = new Set([
  'mis_matched',
  'expired',
  'expiredIn',
  'pep',
  'enforcement',
  'blackList',
  'sanction',
  'high',
  'periodic_review_due',
]);

export function alertIndicator(value: string): { colour: 'black' | 'danger' | 'ok'; icon: 'cross' | 'tick' } {
  const colour = BLACK.has(value) ? 'black' : DANGER.has(value) ? 'danger' : 'ok';
  return { colour, icon: CROSS.has(value) ? 'cross' : 'tick' };
}
