import { describe, expect, it } from 'vitest';
import { ZSimulationRequest } from '@sanad/contracts/risk-rating';
import { EMPTY_DRAFT, toSimulationBody } from './simulation-draft';

describe('simulation form', () => {
  it('sends only the facts given, with PEP answers as booleans', () => {
    const body = toSimulationBody({
      ...EMPTY_DRAFT,
      nationalities: ['PK'],
      countryOfResidence: 'IR',
      channel: 'no',
      pepAnswers: { anyPublicPos: 'yes', conviction: 'no' },
    });
    expect(body).toEqual({
      facts: {
        subjectType: 'individual',
        nationalities: ['PK'],
        countryOfResidence: 'IR',
        isFaceToFace: false,
        pepAnswers: { anyPublicPos: true, conviction: false },
      },
    });
    expect(ZSimulationRequest.safeParse(body).success).toBe(true);
  });

  it('leaves out what does not apply to a company and sends registry flags', () => {
    const body = toSimulationBody({
      ...EMPTY_DRAFT,
      subjectType: 'company',
      gender: 'male',
      pepAnswers: { anyPublicPos: 'yes' },
      entityType: 'trust',
      registryFlags: ['accountsOverdue'],
    });
    expect(body.facts).toEqual({ subjectType: 'company', entityType: 'trust', registryFlags: { accountsOverdue: true } });
  });

  it('sends screening hits only when screening is marked as run, so an empty list means nothing found', () => {
    expect(toSimulationBody({ ...EMPTY_DRAFT, isScreened: true }).screeningHits).toEqual([]);
    expect(toSimulationBody(EMPTY_DRAFT)).not.toHaveProperty('screeningHits');
    const bad = toSimulationBody({
      ...EMPTY_DRAFT,
      isScreened: true,
      hits: [{ key: 1, hitType: 'pep', score: 140, determination: 'open' }],
    });
    const parsed = ZSimulationRequest.safeParse(bad);
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe('Hit score must be a number from 0 to 100');
  });
});
