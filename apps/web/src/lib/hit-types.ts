import { HIT_TYPES, type THitType } from '@sanad/contracts/screening';

/**
 * What each screening hit type (the spec's pepHit, enforcementHit, blackListHit, sanctionHit) is
 * called on screen. 'Black-list' is spelled as the spec's black-list screening-data page.
 */
export const HIT_TYPE_LABELS: Record<THitType, string> = {
  pep: 'PEP',
  enforcement: 'Enforcement',
  blackList: 'Black-list',
  sanction: 'Sanction',
};

export const HIT_TYPE_OPTIONS = HIT_TYPES.map((value) => ({ value, label: HIT_TYPE_LABELS[value] }));

/** The label of a stored code, or the code itself if it is not a known type. */
export const hitTypeLabel = (code: string): string => HIT_TYPE_LABELS[code as THitType] ?? code;
