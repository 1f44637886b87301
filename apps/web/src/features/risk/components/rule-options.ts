import type { REGISTRY_FLAGS } from '@sanad/risk/risk-facts';

/** The levels a factor value or an override rule can force a customer up to, at the least. */
export const OVERRIDE_TO_OPTIONS = [
  { value: 'medium', label: 'At least medium' },
  { value: 'high', label: 'At least high' },
  { value: 'sanction', label: 'Sanction' },
];

export const REGISTRY_FLAG_LABELS: Record<(typeof REGISTRY_FLAGS)[number], string> = {
  hasInsolvencyHistory: 'Insolvency history',
  undeliverableRegisteredOfficeAddress: 'Registered office address undeliverable',
  confirmationStatementOverdue: 'Confirmation statement overdue',
  accountsOverdue: 'Accounts overdue',
  registeredOfficeIsInDispute: 'Registered office in dispute',
};
