import type { EndpointDefinition } from './endpoint';
import type { OpenApiInfo } from './openapi';
import { ACTIVITY_ENDPOINTS } from './activity.endpoints';
import { HEALTH_ENDPOINTS } from './health.endpoints';
import { IDV_ENDPOINTS } from './idv.endpoints';
import { ONBOARDING_LINK_ENDPOINTS } from './onboarding-links.endpoints';
import { MAILBOX_ENDPOINTS } from './mailbox.endpoints';
import { ROLE_ENDPOINTS } from './roles.endpoints';
import { SYSTEM_LOG_ENDPOINTS } from './system-logs.endpoints';

/** Each area's endpoints; add an area's object here when it is created. */
const AREAS: ReadonlyArray<Readonly<Record<string, EndpointDefinition>>> = [
  HEALTH_ENDPOINTS,
  ROLE_ENDPOINTS,
  ACTIVITY_ENDPOINTS,
  SYSTEM_LOG_ENDPOINTS,
  IDV_ENDPOINTS,
  ONBOARDING_LINK_ENDPOINTS,
  MAILBOX_ENDPOINTS,
];

/** Every operation of the API; the OpenAPI document and the route check read it. */
export const API_ENDPOINTS: readonly EndpointDefinition[] = AREAS.flatMap((area) => Object.values(area));

export const API_INFO: OpenApiInfo = {
  title: 'Sanad API',
  version: '0.1.0',
  description: 'Customer identity verification and AML compliance. Every operation, its permission and its schemas.',
};
