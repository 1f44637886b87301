/**
 * /configuration/simulate: rate a hypothetical customer or company with the configuration in force
 * and show the full rating, without writing anything — no customer, no rating, no audit entry, and
 * not even the default configuration of a segment that has none yet (it is rated in memory).
 */
import { fieldErrorsOf } from '@sanad/contracts/field-errors';
import type { TSimulationOptions, TSimulationRequest, TSimulationResult } from '@sanad/contracts/risk-rating';
import { listReferenceOptions } from '@sanad/risk/engine-pages';
import { simulateRating } from '@sanad/risk/simulate-rating';
import { ZodError } from 'zod';
import type { Actor } from '../../../platform/auth/access';
import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/http/app-error';
import { getCurrentModel } from '../configuration/risk-model-cache';
import type { ScreeningPort, ScreeningPortHit } from './screening.port';
import { findConfigSegment } from '../segment-access';

export function createRiskSimulationService({ db, screening }: { db: Database; screening: ScreeningPort | null }) {
  return {
    async getOptions(actor: Actor, query: { dataSegmentId?: string | undefined }): Promise<TSimulationOptions> {
      const segment = await findConfigSegment(db, actor, query.dataSegmentId);
      const model = await getCurrentModel(db, segment, { isReadOnly: true });
      return {
        isScreeningAvailable: screening !== null,
        adverseMedia: listReferenceOptions(model.config, 'adverseMedia'),
        version: model.version,
      };
    },

    async simulate(actor: Actor, input: TSimulationRequest, now = new Date()): Promise<TSimulationResult> {
      const segment = await findConfigSegment(db, actor, input.dataSegmentId);
      const model = await getCurrentModel(db, segment, { isReadOnly: true });
      const name = input.name?.trim() ?? '';
      const found: ScreeningPortHit[] =
        screening && name !== ''
          ? await screening.screenName({ dataSegmentId: segment.segmentId, name, subjectType: input.facts.subjectType, facts: input.facts })
          : [];
      const entered = input.screeningHits ?? [];
      const isScreened = input.screeningHits !== undefined || (screening !== null && name !== '');
      const hits = [...found.map(({ hitType, score, determination }) => ({ hitType, score, determination })), ...entered];
      try {
        const result = simulateRating(
          model,
          {
            facts: input.facts,
            ...(isScreened ? { screeningHits: hits } : {}),
            ...(input.manualOverwrite ? { manualOverwrite: input.manualOverwrite } : {}),
          },
          { now },
        );
        return {
          isSimulation: true,
          facts: result.facts,
          rating: result.rating,
          screening: {
            isAvailable: screening !== null,
            hits: found.map((hit) => ({ ...hit, matchedName: hit.matchedName ?? null, listName: hit.listName ?? null })),
            enteredHits: entered.length,
          },
        };
      } catch (error) {
        if (error instanceof ZodError) throw AppError.validation(fieldErrorsOf(error.issues));
        throw error;
      }
    },
  };
}

export type RiskSimulationService = ReturnType<typeof createRiskSimulationService>;
