import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { compileRiskModel } from './risk-model-compiler';
import { simulateRating } from './simulate-rating';
import { NOW, buildTestConfig } from './test-support/risk-config-factory';

const model = compileRiskModel(buildTestConfig());

function simulateRobot() {
  return simulateRating(model, { facts: { subjectType: 'robot' } }, { now: NOW });
}

describe('simulation', () => {
  it('rates a hypothetical customer with the hits given and returns both tables', () => {
    const result = simulateRating(
      model,
      {
        facts: {
          subjectType: 'individual',
          countryOfResidence: 'GB',
          industry: 'it',
          isFaceToFace: true,
          pepAnswers: { anyPublicPos: false },
        },
        screeningHits: [{ hitType: 'pep', score: 91, determination: 'genuine' }],
      },
      { now: NOW },
    );
    expect(result.isSimulation).toBe(true);
    expect(result.rating.level).toBe('high');
    expect(result.rating.riskTable.find((row) => row.factor === 'nameScreening')).toMatchObject({ value: 'PEP hit', score: 50 });
    expect(result.rating.overrideTable.map((row) => row.riskFactorOverride)).toEqual(['Confirmed PEP hit']);
    expect(result.rating.configVersion).toBe(model.version);
  });

  it('reads hits left without a determination as open', () => {
    const result = simulateRating(
      model,
      { facts: { subjectType: 'company' }, screeningHits: [{ hitType: 'sanction', score: 40 }] },
      { now: NOW },
    );
    expect(result.facts.screeningHits).toEqual([{ hitType: 'sanction', score: 40, determination: 'open' }]);
    expect(result.rating.level).not.toBe('sanction');
  });

  it('rejects an input the form could not have produced, naming the field', () => {
    expect(simulateRobot).toThrow(ZodError);
    expect(simulateRobot).toThrow(/"facts",\s*"subjectType"/);
  });

  it('applies a manual overwrite given with the simulation', () => {
    const result = simulateRating(
      model,
      { facts: { subjectType: 'individual', countryOfResidence: 'IR' }, manualOverwrite: { level: 'medium', reason: 'What-if' } },
      { now: NOW },
    );
    expect(result.rating).toMatchObject({ computedLevel: 'high', level: 'medium' });
  });
});
