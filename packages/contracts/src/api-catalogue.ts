import type { EndpointDefinition } from './endpoint';
import type { OpenApiInfo } from './openapi';
import { ROLE_ENDPOINTS } from './roles.endpoints';
import { SESSION_ENDPOINTS } from './session.endpoints';
import { IDENTITY_PROVIDER_ENDPOINTS } from './identity-providers.endpoints';
import { PASSWORD_ENDPOINTS } from './passwords.endpoints';
import { OTP_ENDPOINTS } from './otp.endpoints';
import { PROFILE_ENDPOINTS } from './profile.endpoints';
import { SIGNUP_ENDPOINTS } from './signup.endpoints';
import { SUPPORT_ENDPOINTS } from './support.endpoints';

/** Each area's endpoints; add an area's object here when it is created. */
const AREAS: ReadonlyArray<Readonly<Record<string, EndpointDefinition>>> = [
  ROLE_ENDPOINTS,
  SESSION_ENDPOINTS,
  IDENTITY_PROVIDER_ENDPOINTS,
  PASSWORD_ENDPOINTS,
  OTP_ENDPOINTS,
  PROFILE_ENDPOINTS,
  SIGNUP_ENDPOINTS,
  SUPPORT_ENDPOINTS,
];

/** Every operation of the API; the OpenAPI document and the route check read it. */
export const API_ENDPOINTS: readonly EndpointDefinition[] = AREAS.flatMap((area) => Object.values(area));

export const API_INFO: OpenApiInfo = {
  title: 'Sanad API',
  version: '0.1.0',
  description: 'Customer identity verification and AML compliance. Every operation, its permission and its schemas.',
};
