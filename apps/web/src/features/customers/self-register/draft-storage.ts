import { STORAGE_KEYS } from '../../../lib/session';

/**
 * Where a registration in progress is kept (RG-33: "local storage keeps … the customer
 * record"). The record lives in local storage, so a closed tab or a restarted browser continues
 * where it stopped; what would identify a person on its own — document and tax numbers, what the
 * document reader returned, national-identity claims — stays in this tab's session storage only, and
 * is asked again in a new tab. Images never reach either store: the draft names stored (encrypted)
 * files, the signature included, which only a signed-in user of the segment or the link that
 * uploaded them can fetch. A draft untouched for 12 hours (the longest a sign-in lasts) is dropped;
 * sign-out and any 401 clear both stores (lib/session.ts). See docs/decisions/signature-panel.md.
 */

/** The spec's key for the customer record in local storage. */
export const DRAFT_STORAGE_KEY = STORAGE_KEYS.customer;

export const DRAFT_LIFETIME_MS = 12 * 60 * 60 * 1000;

export interface DraftStores {
  /** Survives the tab: local storage. */
  kept: Storage;
  /** This tab only: session storage. */
  tab: Storage;
}

export const browserDraftStores = (): DraftStores => ({ kept: localStorage, tab: sessionStorage });

/** The fields of each section kept in the tab only ('all': the whole section). */
export const TAB_ONLY_FIELDS: Readonly<Record<string, readonly string[] | 'all'>> = {
  identityInfo: ['number', 'passport', 'documentReading', 'documentSummary', 'documentSummaryBack'],
  occupationInfo: ['taxId', 'tradeLicenseNumber'],
  jointAccountInfo: ['idNumber'],
  minorAccountInfo: ['idNumber'],
  fatcaInfo: ['idNumber'],
  crsInfo: 'all',
  uaePassDetails: 'all',
};

type Sections = Record<string, Record<string, unknown> | undefined>;
interface StoredShape {
  record?: Sections;
  [key: string]: unknown;
}

/** Splits a draft into what local storage may keep and what stays in the tab. */
export function splitDraft<D extends StoredShape>(draft: D): { kept: D; tabOnly: Sections } {
  const record: Sections = { ...draft.record };
  const tabOnly: Sections = {};
  for (const [section, fields] of Object.entries(TAB_ONLY_FIELDS)) {
    const value = record[section];
    if (!value || typeof value !== 'object') continue;
    if (fields === 'all') {
      tabOnly[section] = value;
      delete record[section];
      continue;
    }
    const kept = { ...value };
    const moved: Record<string, unknown> = {};
    for (const field of fields)
      if (field in kept) {
        moved[field] = kept[field];
        delete kept[field];
      }
    record[section] = kept;
    if (Object.keys(moved).length > 0) tabOnly[section] = moved;
  }
  return { kept: { ...draft, record }, tabOnly };
}

/** Puts the tab's part back into the draft read from local storage. */
export function joinDraft<D extends StoredShape>(kept: D, tabOnly: Sections | null): D {
  if (!tabOnly) return kept;
  const record: Sections = { ...kept.record };
  for (const [section, value] of Object.entries(tabOnly)) record[section] = { ...record[section], ...value };
  return { ...kept, record };
}

const tabKey = (key: string) => `${key}.tab`;

function readJson(storage: Storage, key: string): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

/** The stored draft (not yet checked for shape), or null when there is none or it has gone stale. */
export function readStoredDraft(key: string, stores: DraftStores, now: number): unknown {
  const stored = readJson(stores.kept, key) as { savedAt?: unknown; draft?: unknown } | null;
  if (!stored || typeof stored.savedAt !== 'number' || !stored.draft || typeof stored.draft !== 'object') return null;
  if (now - stored.savedAt > DRAFT_LIFETIME_MS) {
    removeStoredDraft(key, stores);
    return null;
  }
  const tabOnly = readJson(stores.tab, tabKey(key));
  return joinDraft(stored.draft as StoredShape, tabOnly && typeof tabOnly === 'object' ? (tabOnly as Sections) : null);
}

export function writeStoredDraft(draft: object, key: string, stores: DraftStores, now: number): void {
  const { kept, tabOnly } = splitDraft(draft as StoredShape);
  stores.kept.setItem(key, JSON.stringify({ savedAt: now, draft: kept }));
  if (Object.keys(tabOnly).length > 0) stores.tab.setItem(tabKey(key), JSON.stringify(tabOnly));
  else stores.tab.removeItem(tabKey(key));
}

export function removeStoredDraft(key: string, stores: DraftStores): void {
  stores.kept.removeItem(key);
  stores.tab.removeItem(tabKey(key));
}
