/**
 * What other modules (segment provisioning, start-up) may use of the onboarding configuration: a
 * new data segment's defaults, and the seeding of segments created before the configuration existed.
 */
export { seedMissingOnboardingConfigurations, seedOnboardingConfiguration } from './onboarding-configuration.repository';
