import type { TListQuery } from '@sanad/contracts/http';
import type { TConfigVersionInfo, TConfigVersionRow } from '@sanad/contracts/risk-configuration';
import type { RiskConfig, RiskConfigInput } from '@sanad/risk/risk-config.schema';
import type { Queryable } from '../../../platform/db/database';
import { queryOne } from '../../../platform/db/database';
import type { Page } from '../../../platform/http/envelope';
import { keywordPattern, orderByClause, pageClause } from '../../../platform/http/list-query';
import type { SegmentRef } from '../segment-ref';

type Thresholds = RiskConfigInput['thresholds'];
type ReviewIntervals = RiskConfigInput['reviewIntervalYears'];
type References = NonNullable<RiskConfigInput['references']>;

/** The single-valued parts of a segment's configuration (risk-rating and risk-level-review pages). */
export interface ConfigSettings {
  thresholds: Thresholds;
  factorLevelThresholds: Thresholds | null;
  enhancedDueDiligenceFrom: 'medium' | 'high';
  reviewIntervalYears: ReviewIntervals;
  references: References;
  version: string;
  wordListVersion: string;
}

interface SettingsRecord {
  thresholds: Thresholds;
  factor_level_thresholds: Thresholds | null;
  enhanced_due_diligence_from: 'medium' | 'high';
  review_interval_years: ReviewIntervals;
  references: References;
  version: string;
  word_list_version: string;
}

const SETTINGS_COLUMNS =
  'thresholds, factor_level_thresholds, enhanced_due_diligence_from, review_interval_years, "references", version, word_list_version';

function toSettings(record: SettingsRecord): ConfigSettings {
  return {
    thresholds: record.thresholds,
    factorLevelThresholds: record.factor_level_thresholds,
    enhancedDueDiligenceFrom: record.enhanced_due_diligence_from,
    reviewIntervalYears: record.review_interval_years,
    references: record.references,
    version: record.version,
    wordListVersion: record.word_list_version,
  };
}

export async function findSettings(db: Queryable, segment: SegmentRef): Promise<ConfigSettings | null> {
  const record = await queryOne<SettingsRecord>(db, `select ${SETTINGS_COLUMNS} from risk_configurations where data_segment_id = $1`, [
    segment.segmentId,
  ]);
  return record ? toSettings(record) : null;
}

/** Locks the segment's configuration for the rest of the transaction: changes to one segment apply one at a time. */
export async function lockSettings(tx: Queryable, segment: SegmentRef): Promise<ConfigSettings | null> {
  const record = await queryOne<SettingsRecord>(
    tx,
    `select ${SETTINGS_COLUMNS} from risk_configurations where data_segment_id = $1 for update`,
    [segment.segmentId],
  );
  return record ? toSettings(record) : null;
}

/** Creates the settings row unless one exists; false when another transaction created it first. */
export async function insertSettings(
  tx: Queryable,
  segment: SegmentRef,
  settings: Omit<ConfigSettings, 'version' | 'wordListVersion'>,
): Promise<boolean> {
  const result = await tx.query(
    `insert into risk_configurations (data_segment_id, thresholds, factor_level_thresholds, enhanced_due_diligence_from, review_interval_years, "references")
     values ($1, $2::jsonb, $3::jsonb, $4, $5::jsonb, $6::jsonb)
     on conflict (data_segment_id) do nothing`,
    [
      segment.segmentId,
      JSON.stringify(settings.thresholds),
      settings.factorLevelThresholds ? JSON.stringify(settings.factorLevelThresholds) : null,
      settings.enhancedDueDiligenceFrom,
      JSON.stringify(settings.reviewIntervalYears),
      JSON.stringify(settings.references),
    ],
  );
  return result.rowCount > 0;
}

export async function updateThresholdSettings(
  tx: Queryable,
  segment: SegmentRef,
  settings: Pick<ConfigSettings, 'thresholds' | 'factorLevelThresholds' | 'enhancedDueDiligenceFrom'>,
): Promise<void> {
  await tx.query(
    `update risk_configurations set thresholds = $2::jsonb, factor_level_thresholds = $3::jsonb, enhanced_due_diligence_from = $4, updated_at = now()
      where data_segment_id = $1`,
    [
      segment.segmentId,
      JSON.stringify(settings.thresholds),
      settings.factorLevelThresholds ? JSON.stringify(settings.factorLevelThresholds) : null,
      settings.enhancedDueDiligenceFrom,
    ],
  );
}

export async function updateReviewIntervals(tx: Queryable, segment: SegmentRef, intervals: ReviewIntervals): Promise<void> {
  await tx.query('update risk_configurations set review_interval_years = $2::jsonb, updated_at = now() where data_segment_id = $1', [
    segment.segmentId,
    JSON.stringify(intervals),
  ]);
}

export async function insertSnapshot(
  tx: Queryable,
  segment: SegmentRef,
  version: string,
  wordListVersion: string,
  config: RiskConfig,
): Promise<void> {
  await tx.query(
    `insert into risk_config_snapshots (data_segment_id, version, word_list_version, config) values ($1, $2, $3, $4::jsonb)
     on conflict (data_segment_id, version, word_list_version) do nothing`,
    [segment.segmentId, version, wordListVersion, JSON.stringify(config)],
  );
}

/** The stored configuration of a version (any word-list version: they rate the same). */
export async function findSnapshot(db: Queryable, segment: SegmentRef, version: string, wordListVersion?: string): Promise<unknown> {
  const row = wordListVersion
    ? await queryOne<{ config: unknown }>(
        db,
        'select config from risk_config_snapshots where data_segment_id = $1 and version = $2 and word_list_version = $3',
        [segment.segmentId, version, wordListVersion],
      )
    : await queryOne<{ config: unknown }>(
        db,
        'select config from risk_config_snapshots where data_segment_id = $1 and version = $2 order by created_at desc limit 1',
        [segment.segmentId, version],
      );
  return row?.config ?? null;
}

export interface VersionChange {
  version: string;
  wordListVersion: string;
  page: string;
  action: string;
  summary: string;
  actor: { id: string; name: string } | null;
}

/** Records one change and makes its content the segment's configuration in force. */
export async function insertVersion(tx: Queryable, segment: SegmentRef, change: VersionChange): Promise<TConfigVersionInfo> {
  const row = await queryOne<{ id: number; seq: number; created_at: Date }>(
    tx,
    `insert into risk_config_versions (data_segment_id, seq, version, word_list_version, page, action, summary, actor_id, actor_name)
     values ($1, (select coalesce(max(seq), 0) + 1 from risk_config_versions where data_segment_id = $1), $2, $3, $4, $5, $6, $7, $8)
     returning id, seq, created_at`,
    [
      segment.segmentId,
      change.version,
      change.wordListVersion,
      change.page,
      change.action,
      change.summary,
      change.actor?.id ?? null,
      change.actor?.name ?? '',
    ],
  );
  if (!row) throw new Error('version insert returned nothing');
  await tx.query(
    `update risk_configurations set version = $2, word_list_version = $3, current_version_id = $4, updated_at = now() where data_segment_id = $1`,
    [segment.segmentId, change.version, change.wordListVersion, row.id],
  );
  return {
    version: change.version,
    wordListVersion: change.wordListVersion,
    seq: row.seq,
    changedAt: new Date(row.created_at).toISOString(),
    changedBy: change.actor?.name ?? 'System',
  };
}

export async function findCurrentVersion(db: Queryable, segment: SegmentRef): Promise<TConfigVersionInfo | null> {
  const row = await queryOne<{ version: string; word_list_version: string; seq: number; created_at: Date; actor_name: string }>(
    db,
    `select v.version, v.word_list_version, v.seq, v.created_at, v.actor_name
       from risk_configurations c join risk_config_versions v on v.id = c.current_version_id
      where c.data_segment_id = $1`,
    [segment.segmentId],
  );
  if (!row) return null;
  return {
    version: row.version,
    wordListVersion: row.word_list_version,
    seq: row.seq,
    changedAt: new Date(row.created_at).toISOString(),
    changedBy: row.actor_name || 'System',
  };
}

export async function listVersions(db: Queryable, segment: SegmentRef, query: TListQuery): Promise<Page<TConfigVersionRow>> {
  const params: unknown[] = [segment.segmentId];
  const conditions = ['data_segment_id = $1'];
  if (query.keyword) {
    params.push(keywordPattern(query.keyword));
    conditions.push(
      `(version ilike $${params.length} or page ilike $${params.length} or summary ilike $${params.length} or actor_name ilike $${params.length})`,
    );
  }
  const order = orderByClause(
    query,
    { seq: 'seq', createdAt: 'created_at', page: 'page', actorName: 'actor_name' },
    { column: 'seq', order: 'desc' },
  );
  const result = await db.query<{
    id: number;
    seq: number;
    version: string;
    word_list_version: string;
    page: string;
    action: string;
    summary: string;
    actor_name: string;
    created_at: Date;
    total: number;
  }>(
    `select id, seq, version, word_list_version, page, action, summary, actor_name, created_at, count(*) over ()::int as total
       from risk_config_versions where ${conditions.join(' and ')} ${order} ${pageClause(query, params)}`,
    params,
  );
  return {
    rows: result.rows.map((row) => ({
      _id: String(row.id),
      seq: row.seq,
      version: row.version,
      wordListVersion: row.word_list_version,
      page: row.page,
      action: row.action,
      summary: row.summary,
      actorName: row.actor_name || 'System',
      createdAt: new Date(row.created_at).toISOString(),
    })),
    total: result.rows[0]?.total ?? 0,
  };
}

/** Whether a segment exists and is in service: public reference lists answer only for those. */
export async function isSegmentInService(db: Queryable, segmentId: string): Promise<boolean> {
  const row = await queryOne<{ status: string }>(db, 'select status from data_segments where id = $1', [segmentId]);
  return row?.status === 'active';
}

/** Whether a data segment of this id exists, whatever its status. */
export async function segmentExists(db: Queryable, segmentId: string): Promise<boolean> {
  const row = await queryOne<{ exists: boolean }>(db, 'select exists (select 1 from data_segments where id = $1::uuid) as exists', [
    segmentId,
  ]);
  return row?.exists === true;
}

export async function hasConfiguration(db: Queryable, segment: SegmentRef): Promise<boolean> {
  const row = await queryOne<{ exists: boolean }>(
    db,
    'select exists (select 1 from risk_configurations where data_segment_id = $1) as exists',
    [segment.segmentId],
  );
  return row?.exists === true;
}

/** Data segments that have no risk configuration stored yet (created before the risk module). */
export async function listSegmentsWithoutConfiguration(db: Queryable): Promise<string[]> {
  const result = await db.query<{ id: string }>(
    `select s.id from data_segments s
      where not exists (select 1 from risk_configurations c where c.data_segment_id = s.id)
      order by s.created_at`,
  );
  return result.rows.map((row) => row.id);
}
