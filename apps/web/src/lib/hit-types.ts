import { HIT_TYPE_LABELS, HIT_TYPES, type THitType } from '@sanad/contracts/screening';

export { HIT_TYPE_LABELS };

export const HIT_TYPE_OPTIONS = HIT_TYPES.map((value) => ({ value, label: HIT_TYPE_LABELS[value] }));

/** The label of a stored code, or the code itself if it is not a known type. */
export const hitTypeLabel = (code: string): string => HIT_TYPE_LABELS[code as THitType] ?? code;
