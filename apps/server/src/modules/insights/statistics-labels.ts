import { CUSTOMER_SOURCE_LABELS, CUSTOMER_SOURCES, KYC_STATUSES, type TCustomerSource, type TKycStatus } from '@sanad/contracts/customers';
import { HIT_TYPE_LABELS, HIT_TYPES, type THitType } from '@sanad/contracts/screening';
import { buildProductFactor } from '@sanad/risk/defaults/default-account-factors';
import { ISO_COUNTRIES } from '@sanad/risk/defaults/iso-countries';
import { RISK_LEVELS, type RiskLevel } from '@sanad/risk/risk-level';

/**
 * The words each breakdown's keys are shown and exported with, kept on the server so that the page,
 * the CSV and the XLSX say the same. Buckets that are not stored values: 'unrated' (no rating yet),
 * 'none' (no hit, no product), 'unknown' (no nationality given), 'other' (nationalities past the top).
 */
export const KYC_STATUS_LABELS: Record<TKycStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

export const RISK_LEVEL_LABELS: Record<RiskLevel | 'unrated', string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  sanction: 'Sanction',
  unrated: 'Not rated',
};

export const BUCKET_LABELS = { noHits: 'No hits', noProduct: 'No product', unknownNationality: 'Not given', other: 'Other' } as const;

const PRODUCT_TITLES = new Map(buildProductFactor().values.map((value) => [value.code, value.title]));
const COUNTRY_NAMES = new Map(ISO_COUNTRIES.map((country) => [country.code, country.name]));

export const productLabel = (code: string): string => PRODUCT_TITLES.get(code) ?? code;
export const countryLabel = (code: string): string => COUNTRY_NAMES.get(code) ?? code;
export const hitTypeLabel = (code: string): string => HIT_TYPE_LABELS[code as THitType] ?? code;
export const sourceLabel = (code: string): string => CUSTOMER_SOURCE_LABELS[code as TCustomerSource] ?? code;

/** The fixed keys of each closed breakdown, in the order they are shown; every one appears, zero or not. */
export const FIXED_KEYS = {
  kycStatus: KYC_STATUSES,
  riskLevel: [...RISK_LEVELS, 'unrated'] as const,
  hitType: [...HIT_TYPES, 'none'] as const,
  source: CUSTOMER_SOURCES,
} as const;
