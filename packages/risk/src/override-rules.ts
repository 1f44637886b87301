/**
 * Overrides that are not a single factor value: company-registry flags and screening hits, plus the
 * one rule no configuration can switch off — a confirmed sanction hit rates 'sanction'.
 */
import type { OverrideCandidate } from './factor-scoring';
import type { CompiledRiskModel } from './risk-model-compiler';
import type { OverrideRule } from './risk-config.schema';
import type { RiskFacts } from './risk-facts';

export const CONFIRMED_SANCTION_CODE = 'confirmed-sanction-hit';

export function evaluateOverrideRules(model: CompiledRiskModel, facts: RiskFacts): OverrideCandidate[] {
  const triggered: OverrideCandidate[] = [];
  for (const rule of model.rules) {
    if (!rule.appliesTo.includes(facts.subjectType) || !isRuleMet(rule, facts)) continue;
    triggered.push({
      source: 'rule',
      code: rule.code,
      factor: rule.when.kind === 'screening-hit' ? 'nameScreening' : null,
      riskFactorOverride: rule.title,
      overrideTo: rule.overrideTo,
      reason: rule.reason ?? null,
    });
  }
  if (hasConfirmedSanctionHit(facts)) {
    triggered.push({
      source: 'confirmed-sanction',
      code: CONFIRMED_SANCTION_CODE,
      factor: 'nameScreening',
      riskFactorOverride: 'Name screening: confirmed sanction hit',
      overrideTo: 'sanction',
      reason:
        'A confirmed match against a sanctions list: the relationship must not proceed and assets may have to be frozen. Built into the engine; no configuration can lower it.',
    });
  }
  return triggered;
}

export function hasConfirmedSanctionHit(facts: RiskFacts): boolean {
  return facts.screeningHits?.some((hit) => hit.hitType === 'sanction' && hit.determination === 'genuine') ?? false;
}

function isRuleMet(rule: OverrideRule, facts: RiskFacts): boolean {
  const when = rule.when;
  if (when.kind === 'registry-flag') return facts.registryFlags?.[when.flag] === true;
  return (
    facts.screeningHits?.some((hit) => {
      const determination = hit.determination ?? 'open';
      if (hit.hitType !== when.hitType || determination === 'false-positive') return false;
      return determination === 'genuine' || (!when.isGenuineOnly && hit.score >= when.minScore);
    }) ?? false
  );
}
