/**
 * The single-valued engine pages — risk-rating (thresholds and the EDD floor) and risk-level-review
 * (review intervals) — and the read-only parts: references behind the defaults and the version
 * history.
 */
import type { TListQuery } from '@sanad/contracts/http';
import type { LogAction } from '@sanad/contracts/log-modules';
import type {
  TConfigChangeResult,
  TConfigReference,
  TConfigVersionInfo,
  TConfigVersionRow,
  TReviewIntervals,
  TReviewIntervalsSave,
  TRiskRatingSave,
  TRiskRatingSettings,
} from '@sanad/contracts/risk-configuration';
import type { Actor } from '../../../platform/auth/access';
import type { Database, Queryable } from '../../../platform/db/database';
import type { Page } from '../../../platform/http/envelope';
import type { RequestMeta } from '../../../platform/http/request-meta';
import { commitConfigChange } from './risk-config-change';
import {
  findCurrentVersion,
  findSettings,
  listVersions,
  lockSettings,
  updateReviewIntervals,
  updateThresholdSettings,
  type ConfigSettings,
} from './risk-config.repository';
import { changeMessage } from '../table-pages/risk-table.service';
import { getDefaultModel } from './risk-model-cache';
import { ensureRiskConfiguration } from './risk-seed';
import { findConfigSegment } from '../segment-access';
import { type SegmentRef } from '../segment-ref';

function toRiskRating(segment: SegmentRef, settings: ConfigSettings): TRiskRatingSettings {
  const factor = settings.factorLevelThresholds ?? settings.thresholds;
  return {
    _id: segment.segmentId,
    mediumFrom: settings.thresholds.mediumFrom,
    highFrom: settings.thresholds.highFrom,
    factorMediumFrom: factor.mediumFrom,
    factorHighFrom: factor.highFrom,
    enhancedDueDiligenceFrom: settings.enhancedDueDiligenceFrom,
    reason: settings.thresholds.reason ?? null,
  };
}

function toIntervals(segment: SegmentRef, settings: ConfigSettings): TReviewIntervals {
  const intervals = settings.reviewIntervalYears;
  return { _id: segment.segmentId, low: intervals.low, medium: intervals.medium, high: intervals.high, reason: intervals.reason ?? null };
}

/** The settings a segment with nothing stored yet reads: the engine's defaults, as they would be seeded. */
function defaultSettings(): ConfigSettings {
  const { config, version, wordListVersion } = getDefaultModel();
  return {
    thresholds: config.thresholds,
    factorLevelThresholds: config.factorLevelThresholds ?? null,
    enhancedDueDiligenceFrom: config.enhancedDueDiligenceFrom ?? 'high',
    reviewIntervalYears: config.reviewIntervalYears,
    references: config.references ?? [],
    version,
    wordListVersion,
  };
}

export function createRiskSettingsService({ db }: { db: Database }) {
  /** A read never seeds (a GET writes nothing): a segment without a stored configuration reads the defaults. */
  async function readSettings(segment: SegmentRef): Promise<ConfigSettings> {
    return (await findSettings(db, segment)) ?? defaultSettings();
  }

  async function change<T>(
    actor: Actor,
    segmentId: string,
    write: (
      settings: ConfigSettings,
      segment: SegmentRef,
    ) => { apply: (tx: Queryable) => Promise<void>; page: string; action: LogAction; summary: string },
    read: (segment: SegmentRef, settings: ConfigSettings) => T,
    meta: RequestMeta,
  ): Promise<{ result: TConfigChangeResult<T>; message: string }> {
    const segment = await findConfigSegment(db, actor, segmentId);
    return db.transaction(async (tx) => {
      await ensureRiskConfiguration(tx, segment);
      const current = await lockSettings(tx, segment);
      if (!current) throw new Error('risk configuration missing after seeding');
      const step = write(current, segment);
      await step.apply(tx);
      const outcome = await commitConfigChange(tx, segment, {
        page: step.page,
        action: step.action,
        summary: step.summary,
        actor: { id: actor.userId, name: actor.name },
        meta,
      });
      const after = await findSettings(tx, segment);
      if (!after) throw new Error('risk configuration missing after change');
      return {
        result: { item: read(segment, after), version: outcome.version, isChanged: outcome.isChanged },
        message: changeMessage(`${step.summary} saved successfully`, outcome),
      };
    });
  }

  return {
    async getRiskRating(actor: Actor, query: { dataSegmentId?: string | undefined }): Promise<TRiskRatingSettings> {
      const segment = await findConfigSegment(db, actor, query.dataSegmentId);
      return toRiskRating(segment, await readSettings(segment));
    },

    saveRiskRating(actor: Actor, segmentId: string, input: TRiskRatingSave, meta: RequestMeta) {
      return change(
        actor,
        segmentId,
        (current, segment) => ({
          page: 'risk-rating',
          action: 'updated_risk_thresholds',
          summary: 'Risk rating thresholds',
          apply: (tx) =>
            updateThresholdSettings(tx, segment, {
              thresholds: { mediumFrom: input.mediumFrom, highFrom: input.highFrom, ...(input.reason ? { reason: input.reason } : {}) },
              factorLevelThresholds: {
                mediumFrom: input.factorMediumFrom,
                highFrom: input.factorHighFrom,
                ...(current.factorLevelThresholds?.reason ? { reason: current.factorLevelThresholds.reason } : {}),
              },
              enhancedDueDiligenceFrom: input.enhancedDueDiligenceFrom,
            }),
        }),
        toRiskRating,
        meta,
      );
    },

    async getReviewIntervals(actor: Actor, query: { dataSegmentId?: string | undefined }): Promise<TReviewIntervals> {
      const segment = await findConfigSegment(db, actor, query.dataSegmentId);
      return toIntervals(segment, await readSettings(segment));
    },

    saveReviewIntervals(actor: Actor, segmentId: string, input: TReviewIntervalsSave, meta: RequestMeta) {
      return change(
        actor,
        segmentId,
        (_current, segment) => ({
          page: 'risk-level-review',
          action: 'updated_review_intervals',
          summary: 'Risk level review intervals',
          apply: (tx) =>
            updateReviewIntervals(tx, segment, {
              low: input.low,
              medium: input.medium,
              high: input.high,
              ...(input.reason ? { reason: input.reason } : {}),
            }),
        }),
        toIntervals,
        meta,
      );
    },

    async listReferences(actor: Actor, query: { dataSegmentId?: string | undefined }): Promise<TConfigReference[]> {
      const segment = await findConfigSegment(db, actor, query.dataSegmentId);
      const settings = await readSettings(segment);
      return settings.references.map((reference) => ({
        id: reference.id,
        title: reference.title,
        publisher: reference.publisher,
        asOf: reference.asOf ?? null,
        url: reference.url ?? null,
        note: reference.note ?? null,
      }));
    },

    async getCurrentVersion(actor: Actor, query: { dataSegmentId?: string | undefined }): Promise<TConfigVersionInfo> {
      const segment = await findConfigSegment(db, actor, query.dataSegmentId);
      const version = await findCurrentVersion(db, segment);
      if (version) return version;
      // Nothing stored yet: the defaults, as version 0, until start-up or the first change seeds them.
      const { version: hash, wordListVersion } = getDefaultModel();
      return { version: hash, wordListVersion, seq: 0, changedAt: new Date().toISOString(), changedBy: 'System' };
    },

    async listVersions(actor: Actor, query: TListQuery): Promise<Page<TConfigVersionRow>> {
      const segment = await findConfigSegment(db, actor, query.dataSegmentId);
      return listVersions(db, segment, query);
    },
  };
}

export type RiskSettingsService = ReturnType<typeof createRiskSettingsService>;
