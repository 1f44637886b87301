import type { TCustomerHit } from '@sanad/contracts/customers';

/** A hit's determination in the spec's words: relevant or not relevant once reviewed. */
export const DETERMINATION_LABELS: Record<TCustomerHit['hitDetermination'], string> = {
  open: 'Open',
  genuine: 'Relevant',
  'false-positive': 'Not relevant',
};

export const yesNo = (value: boolean): string => (value ? 'Yes' : 'No');
