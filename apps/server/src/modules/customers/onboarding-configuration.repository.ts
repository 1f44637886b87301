import { sql } from 'kysely';
import {
  DEFAULT_ONBOARDING_SETTINGS,
  LINK_LIFETIME_DAYS,
  ZOnboardingSettings,
  type TOnboardingConfiguration,
  type TOnboardingSettings,
} from '@sanad/contracts/onboarding-configuration';
import type { Database, Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

interface ConfigurationRow {
  segmentId: string;
  settings: unknown;
  version: number | null;
  updatedBy: string | null;
  updatedByName: string | null;
  updatedAt: string | null;
}

/**
 * The first version kept the link lifetime in hours (`linkLifetimeHours`): read as whole days,
 * rounded up so that a link never lives shorter than it was configured, within 1 to 30 days.
 */
function lifetimeInDays(stored: Record<string, unknown>): { linkLifetimeDays?: number } {
  const hours = stored.linkLifetimeHours;
  if (typeof hours !== 'number' || 'linkLifetimeDays' in stored) return {};
  return { linkLifetimeDays: Math.min(LINK_LIFETIME_DAYS.max, Math.max(LINK_LIFETIME_DAYS.min, Math.ceil(hours / 24))) };
}

/**
 * Settings as stored, read through today's contract: a field an older version did not write takes
 * its default, and a stored value the contract now refuses falls back to the default as a whole
 * (never a server error on a configuration screen).
 */
export function readableSettings(stored: unknown): TOnboardingSettings {
  const merged =
    stored !== null && typeof stored === 'object'
      ? { ...DEFAULT_ONBOARDING_SETTINGS, ...lifetimeInDays(stored as Record<string, unknown>), ...stored }
      : DEFAULT_ONBOARDING_SETTINGS;
  const parsed = ZOnboardingSettings.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_ONBOARDING_SETTINGS;
}

function toConfiguration(row: ConfigurationRow): TOnboardingConfiguration {
  return {
    _id: row.segmentId,
    dataSegmentId: row.segmentId,
    settings: readableSettings(row.settings),
    version: row.version ?? 0,
    updatedBy: row.updatedAt && row.updatedByName ? { _id: row.updatedBy, name: row.updatedByName } : null,
    updatedAt: row.updatedAt,
  };
}

/**
 * A segment's configuration; a segment not yet seeded reads the defaults at version 0 (nothing is
 * written by a read). Null when the segment does not exist.
 */
export async function findOnboardingConfiguration(
  db: Queryable,
  dataSegmentId: string,
  forUpdate = false,
): Promise<TOnboardingConfiguration | null> {
  const row = await sqlOf(db)
    .selectFrom('dataSegments as s')
    .leftJoin('onboardingConfigurations as c', 'c.dataSegmentId', 's.id')
    .select(['s.id as segmentId', 'c.settings', 'c.version', 'c.updatedBy', 'c.updatedByName', 'c.updatedAt'])
    .where('s.id', '=', dataSegmentId)
    .$if(forUpdate, (qb) => qb.forUpdate('s'))
    .executeTakeFirst();
  return row ? toConfiguration(row) : null;
}

/** The settings the journeys apply for a segment: its own, else the defaults. */
export async function onboardingSettingsOf(db: Queryable, dataSegmentId: string): Promise<TOnboardingSettings> {
  const row = await sqlOf(db)
    .selectFrom('onboardingConfigurations')
    .select('settings')
    .where('dataSegmentId', '=', dataSegmentId)
    .executeTakeFirst();
  return row ? readableSettings(row.settings) : DEFAULT_ONBOARDING_SETTINGS;
}

/** Gives a segment the default configuration (version 1); a segment that has one keeps it. */
export async function seedOnboardingConfiguration(tx: Queryable, dataSegmentId: string): Promise<void> {
  await sqlOf(tx)
    .insertInto('onboardingConfigurations')
    .values({ dataSegmentId, settings: JSON.stringify(DEFAULT_ONBOARDING_SETTINGS) })
    .onConflict((conflict) => conflict.column('dataSegmentId').doNothing())
    .execute();
}

/**
 * At start-up: seeds every segment that has no configuration (segments created before it existed).
 * Safe when several processes start at once: the insert leaves another's seed as it is.
 */
export async function seedMissingOnboardingConfigurations(db: Database): Promise<number> {
  const missing = await sqlOf(db)
    .selectFrom('dataSegments as s')
    .select('s.id')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('onboardingConfigurations as c').select('c.dataSegmentId').whereRef('c.dataSegmentId', '=', 's.id'))),
    )
    .orderBy('s.createdAt')
    .execute();
  for (const { id } of missing) await seedOnboardingConfiguration(db, id);
  return missing.length;
}

/** Writes the settings as the next version (the caller has checked the version it replaces). */
export async function writeOnboardingConfiguration(
  tx: Queryable,
  dataSegmentId: string,
  settings: TOnboardingSettings,
  actor: { id: string; name: string },
): Promise<void> {
  const json = JSON.stringify(settings);
  await sqlOf(tx)
    .insertInto('onboardingConfigurations')
    .values({ dataSegmentId, settings: json, updatedBy: actor.id, updatedByName: actor.name })
    .onConflict((conflict) =>
      conflict.column('dataSegmentId').doUpdateSet({
        settings: json,
        version: sql`onboarding_configurations.version + 1`,
        updatedBy: actor.id,
        updatedByName: actor.name,
        updatedAt: sql`now()`,
      }),
    )
    .execute();
}
