import type { EndpointDefinition } from './endpoint';
import type { OpenApiInfo } from './openapi';
import { ROLE_ENDPOINTS } from './roles.endpoints';
import { SCREENING_ENDPOINTS } from './screening.endpoints';

/** Each area's endpoints; add an area's object here when it is created. */
const AREAS: ReadonlyArray<Readonly<Record<string, EndpointDefinition>>> = [ROLE_ENDPOINTS, SCREENING_ENDPOINTS];

/** Every operation of the API; the OpenAPI document and the route check read it. */
export const API_ENDPOINTS: readonly EndpointDefinition[] = AREAS.flatMap((area) => Object.values(area));

export const API_INFO: OpenApiInfo = {
  title: 'Sanad API',
  version: '0.1.0',
  description: 'Customer identity verification and AML compliance. Every operation, its permission and its schemas.',
};
