/**
 * What other modules may use of the risk module's seed: a new data segment's default risk model,
 * and the start-up seeding of segments created before the risk module.
 */
export { seedMissingRiskConfigurations, seedRiskConfiguration } from './risk-seed';
