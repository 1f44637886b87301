import type { ScreeningPort } from '../risk/simulation/screening.port';
import type { ScreeningEngine } from './screening-engine.service';

/** What the risk simulation asks of screening: one name and the facts it has, screened like any other. */
export function createScreeningPort(engine: ScreeningEngine): ScreeningPort {
  return {
    async screenName({ dataSegmentId, name, subjectType, facts }) {
      const country = facts.countryOfResidence ?? facts.countryOfIncorporation;
      const result = await engine.screen(dataSegmentId, {
        name,
        type: subjectType === 'company' ? 'organisation' : 'person',
        ...(facts.nationalities?.[0] ? { nationality: facts.nationalities[0] } : {}),
        ...(country ? { country } : {}),
        ...(facts.gender ? { gender: facts.gender } : {}),
      });
      return result.hits.map((hit) => ({
        hitType: hit.hitType,
        score: hit.score,
        determination: 'open' as const,
        matchedName: hit.name,
        listName: hit.listTitle,
      }));
    },
  };
}
