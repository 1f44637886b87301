/**
 * /configuration/simulate: rate a hypothetical customer or company, with optional screening hits,
 * and return the full rating with its tables. Nothing is stored; the server only validates, calls
 * this and replies.
 */
import { z } from 'zod';
import { ManualOverwriteSchema } from './manual-overwrite';
import { rateCustomer } from './rate-customer';
import { RiskFactsSchema, ScreeningHitInputSchema, type RiskFacts } from './risk-facts';
import type { CompiledRiskModel } from './risk-model-compiler';
import type { RiskRating } from './risk-rating.types';

export const SimulationInputSchema = z.object({
  facts: RiskFactsSchema,
  /** Hits to rate with (e.g. from the screening engine run on the simulated name); replace facts.screeningHits. */
  screeningHits: z.array(ScreeningHitInputSchema).max(1000).optional(),
  manualOverwrite: ManualOverwriteSchema.optional(),
});
export type SimulationInput = z.input<typeof SimulationInputSchema>;

export interface SimulationResult {
  isSimulation: true;
  /** The facts as validated and rated. */
  facts: RiskFacts;
  rating: RiskRating;
}

/** Validates the input (throws a ZodError naming each bad field) and rates it. */
export function simulateRating(model: CompiledRiskModel, input: unknown, options: { now: Date | string }): SimulationResult {
  const parsed = SimulationInputSchema.parse(input);
  const facts: RiskFacts = parsed.screeningHits ? { ...parsed.facts, screeningHits: parsed.screeningHits } : parsed.facts;
  const rating = rateCustomer(model, facts, {
    now: options.now,
    ...(parsed.manualOverwrite ? { manualOverwrite: parsed.manualOverwrite } : {}),
  });
  return { isSimulation: true, facts, rating };
}
