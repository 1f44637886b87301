import { endpoint, requireAny } from './endpoint';
import { listEnvelope, successEnvelope, ZIdParams } from './http';
import { ZOnboardingLink, ZOnboardingLinkListQuery, ZOnboardingLinkRequest, ZRevokeOnboardingLink } from './onboarding-links';

const tag = 'onboarding links';

export const ONBOARDING_LINK_ENDPOINTS = {
  create: endpoint({
    method: 'POST',
    path: 'customers/onboarding-links',
    tag,
    summary: 'Create a public onboarding link (the address is shown once)',
    access: requireAny('register-customer', 'register-company'),
    body: ZOnboardingLinkRequest,
    response: successEnvelope(ZOnboardingLink),
  }),
  list: endpoint({
    method: 'GET',
    path: 'customers/onboarding-links',
    tag,
    summary: 'Onboarding links sent from the data segment',
    access: requireAny('view-deeplink-sent', 'register-customer'),
    query: ZOnboardingLinkListQuery,
    response: listEnvelope(ZOnboardingLink),
  }),
  revoke: endpoint({
    method: 'PUT',
    path: 'customers/onboarding-links/:id/revoke',
    tag,
    summary: 'Revoke a link so it no longer opens',
    access: requireAny('register-customer', 'register-company'),
    params: ZIdParams,
    body: ZRevokeOnboardingLink,
    response: successEnvelope(ZOnboardingLink),
  }),
};
