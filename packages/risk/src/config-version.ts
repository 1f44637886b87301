/**
 * A configuration's version is a hash of its content, so the same configuration always has the same
 * version on every replica, a rating can name the exact configuration it used, and any edit yields a
 * new version. Row order does not count (the screens sort freely); word lists have their own version
 * because they feed screening, not the rating.
 */
import { createHash } from 'node:crypto';
import type { RiskConfig } from './risk-config.schema';

const VERSION_PREFIX = 'rc1_';
const WORDS_PREFIX = 'wl1_';

export function versionRiskConfig(config: RiskConfig): string {
  const ratingPart = {
    schemaVersion: config.schemaVersion,
    factors: sortBy(config.factors, (factor) => factor.key).map((factor) => ({
      ...factor,
      values: sortBy(factor.values, (value) => value.code),
    })),
    thresholds: config.thresholds,
    overrideRules: sortBy(config.overrideRules, (rule) => rule.code),
    reviewIntervalYears: config.reviewIntervalYears,
    enhancedDueDiligenceFrom: config.enhancedDueDiligenceFrom,
    references: sortBy(config.references, (reference) => reference.id),
  };
  return VERSION_PREFIX + hashCanonical(ratingPart);
}

export function versionWordLists(config: Pick<RiskConfig, 'stopWords' | 'variantWords'>): string {
  return (
    WORDS_PREFIX +
    hashCanonical({
      stopWords: sortBy(config.stopWords, (entry) => entry.word),
      variantWords: sortBy(config.variantWords, (entry) => entry.word),
    })
  );
}

function hashCanonical(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 20);
}

/** JSON with object keys sorted and undefined members dropped, so equal content gives equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const entries = Object.entries(value)
    .filter(([, member]) => member !== undefined)
    .toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`);
  return `{${entries.join(',')}}`;
}

function sortBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  return items.toSorted((a, b) => {
    const left = key(a);
    const right = key(b);
    return left < right ? -1 : left > right ? 1 : 0;
  });
}
