/**
 * A user holding `manually-overwrite` may set the level by hand with a reason. The engine only
 * applies and records it; the permission check and the audit record are the server's. The one
 * overwrite refused is lowering a confirmed sanction hit: that is resolved by reviewing the hit.
 */
import { z } from 'zod';
import { RISK_LEVELS, type RiskLevel } from './risk-level';
import type { AppliedOverwrite, ManualOverwriteInput } from './risk-rating.types';

export const ManualOverwriteSchema = z.object({
  level: z.enum(RISK_LEVELS),
  reason: z.string().trim().min(1, 'A reason is required').max(2000),
  by: z.string().trim().max(200).optional(),
  at: z.string().trim().max(100).optional(),
});

export const SANCTION_OVERWRITE_REFUSAL =
  'A confirmed sanction hit cannot be overwritten to a lower level; mark the hit as not relevant if it is a false match.';

export function applyManualOverwrite(
  computedLevel: RiskLevel,
  input: ManualOverwriteInput,
  hasConfirmedSanction: boolean,
): AppliedOverwrite {
  const reason = input.reason.trim();
  if (reason === '') throw new RangeError('A manual overwrite needs a reason');
  const isRefused = hasConfirmedSanction && input.level !== 'sanction';
  return {
    level: input.level,
    reason,
    by: input.by ?? null,
    at: input.at ?? null,
    previousLevel: computedLevel,
    isApplied: !isRefused,
    refusal: isRefused ? SANCTION_OVERWRITE_REFUSAL : null,
  };
}
