/** What other modules may use of the risk module's seed: a new data segment's default risk model. */
export { seedRiskConfiguration } from './risk-seed';
