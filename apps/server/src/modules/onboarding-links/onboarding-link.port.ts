/**
 * The one write other modules make to onboarding links: inserting a link inside their own
 * transaction (a public journey's link is written with the journey that uses it). The token is
 * hashed by the caller with the platform's link key; nothing else of the links is exposed.
 */
export { insertOnboardingLink } from './onboarding-link.repository';
