import { PEP_QUESTIONS, REGISTRY_FLAGS } from '@sanad/risk/risk-facts';

export type TriState = 'yes' | 'no' | '';

export interface HitDraft {
  key: number;
  hitType: string;
  score: number | string;
  determination: string;
}

/** The simulation form as the user fills it: blanks are facts not given. */
export interface SimulationDraft {
  subjectType: 'individual' | 'company';
  name: string;
  nationalities: string[];
  countryOfResidence: string;
  countryOfIncorporation: string;
  state: string;
  workType: string;
  industry: string;
  products: string[];
  relationship: string;
  purposeOfAction: string;
  gender: string;
  entityType: string;
  investment: number | string;
  assetsUnderManagement: number | string;
  channel: TriState;
  sar: TriState;
  adverseMedia: string;
  documentStatus: string;
  faceMatch: string;
  liveness: string;
  pepAnswers: Partial<Record<(typeof PEP_QUESTIONS)[number], TriState>>;
  registryFlags: Array<(typeof REGISTRY_FLAGS)[number]>;
  isScreened: boolean;
  hits: HitDraft[];
}

export const EMPTY_DRAFT: SimulationDraft = {
  subjectType: 'individual',
  name: '',
  nationalities: [],
  countryOfResidence: '',
  countryOfIncorporation: '',
  state: '',
  workType: '',
  industry: '',
  products: [],
  relationship: '',
  purposeOfAction: '',
  gender: '',
  entityType: '',
  investment: '',
  assetsUnderManagement: '',
  channel: '',
  sar: '',
  adverseMedia: '',
  documentStatus: '',
  faceMatch: '',
  liveness: '',
  pepAnswers: {},
  registryFlags: [],
  isScreened: false,
  hits: [],
};

const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
const amount = (value: number | string) => (value === '' ? undefined : Number(value));
const triState = (value: TriState) => (value === '' ? undefined : value === 'yes');

/**
 * The body of the simulation request, still to be checked with ZSimulationRequest: a blank field is
 * a fact not given.
 */
export function toSimulationBody(draft: SimulationDraft): Record<string, unknown> {
  const isCompany = draft.subjectType === 'company';
  const facts: Record<string, unknown> = {
    subjectType: draft.subjectType,
    nationalities: !isCompany && draft.nationalities.length > 0 ? draft.nationalities : undefined,
    countryOfResidence: text(draft.countryOfResidence),
    countryOfIncorporation: isCompany ? text(draft.countryOfIncorporation) : undefined,
    state: text(draft.state),
    workType: isCompany ? undefined : text(draft.workType),
    industry: text(draft.industry),
    products: draft.products.length > 0 ? draft.products : undefined,
    relationship: isCompany ? undefined : text(draft.relationship),
    purposeOfAction: text(draft.purposeOfAction),
    gender: isCompany ? undefined : text(draft.gender),
    entityType: isCompany ? text(draft.entityType) : undefined,
    investment: amount(draft.investment),
    assetsUnderManagement: amount(draft.assetsUnderManagement),
    isFaceToFace: triState(draft.channel),
    hasSarHistory: triState(draft.sar),
    adverseMedia: text(draft.adverseMedia),
    documentStatus: text(draft.documentStatus),
    faceMatch: text(draft.faceMatch),
    liveness: text(draft.liveness),
  };
  if (!isCompany) {
    const answers = Object.fromEntries(
      PEP_QUESTIONS.flatMap((question) => (draft.pepAnswers[question] ? [[question, draft.pepAnswers[question] === 'yes']] : [])),
    );
    if (Object.keys(answers).length > 0) facts.pepAnswers = answers;
  }
  if (isCompany && draft.registryFlags.length > 0)
    facts.registryFlags = Object.fromEntries(draft.registryFlags.map((flag) => [flag, true]));
  const cleaned = Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined));
  return {
    ...(text(draft.name) ? { name: text(draft.name) } : {}),
    facts: cleaned,
    ...(draft.isScreened
      ? { screeningHits: draft.hits.map((hit) => ({ hitType: hit.hitType, score: amount(hit.score), determination: hit.determination })) }
      : {}),
  };
}
