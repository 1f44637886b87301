/**
 * The writes other modules make to onboarding links, inside their own transaction: inserting a
 * link (a public journey's link is written with the journey that uses it) and marking it used. The token is
 * hashed by the caller with the platform's link key; nothing else of the links is exposed.
 */
export { insertOnboardingLink, markLinkUsed } from './onboarding-link.repository';
