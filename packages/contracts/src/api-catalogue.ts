import type { EndpointDefinition } from './endpoint';
import type { OpenApiInfo } from './openapi';
import { ACTIVITY_ENDPOINTS } from './activity.endpoints';
import { ALERT_ENDPOINTS } from './alerts.endpoints';
import { API_LOG_ENDPOINTS } from './api-logs.endpoints';
import { BRANDING_ENDPOINTS } from './branding.endpoints';
import { CUSTOMER_PROFILE_ENDPOINTS } from './customer-profile.endpoints';
import { BULK_ONBOARDING_ENDPOINTS } from './bulk-onboarding.endpoints';
import { COMPANY_ENDPOINTS } from './companies.endpoints';
import { COMPANY_REGISTRY_ENDPOINTS } from './company-registry.endpoints';
import { CUSTOMER_EXPORT_ENDPOINTS } from './customer-exports.endpoints';
import { CUSTOMER_ENDPOINTS } from './customers.endpoints';
import { CUSTOMER_VERIFICATION_ENDPOINTS } from './customer-verification.endpoints';
import { DATA_SEGMENT_ENDPOINTS } from './data-segments.endpoints';
import { DOCUMENT_REQUEST_ENDPOINTS } from './document-requests.endpoints';
import { APPLICATION_ACCESS_ENDPOINTS, WEBHOOK_ENDPOINTS } from './developers.endpoints';
import { FILE_ENDPOINTS } from './files.endpoints';
import { FORM_BUILDER_ENDPOINTS } from './form-builder.endpoints';
import { HEALTH_ENDPOINTS } from './health.endpoints';
import { IDENTITY_PROVIDER_ENDPOINTS } from './identity-providers.endpoints';
import { IDV_ENDPOINTS } from './idv.endpoints';
import { LABELING_ENDPOINTS } from './labeling.endpoints';
import { INSIGHT_ENDPOINTS } from './insights.endpoints';
import { MAILBOX_ENDPOINTS } from './mailbox.endpoints';
import { NOTIFICATION_ENDPOINTS } from './notifications.endpoints';
import { ONBOARDING_CONFIGURATION_ENDPOINTS } from './onboarding-configuration.endpoints';
import { ONBOARDING_LINK_ENDPOINTS } from './onboarding-links.endpoints';
import { OTP_ENDPOINTS } from './otp.endpoints';
import { PASSWORD_ENDPOINTS } from './passwords.endpoints';
import { PROFILE_ENDPOINTS } from './profile.endpoints';
import { PUBLIC_API_DOCUMENT_ENDPOINTS, PUBLIC_API_ENDPOINTS } from './public-api.endpoints';
import { RISK_AREA_ENDPOINTS } from './risk.endpoints';
import { ROLE_ENDPOINTS } from './roles.endpoints';
import { SCREENING_ENDPOINTS } from './screening.endpoints';
import { SESSION_ENDPOINTS } from './session.endpoints';
import { SIGNUP_ENDPOINTS } from './signup.endpoints';
import { SUPPORT_ENDPOINTS } from './support.endpoints';
import { SYSTEM_LOG_ENDPOINTS } from './system-logs.endpoints';
import { TEMP_CUSTOMER_ENDPOINTS } from './temp-customers.endpoints';
import { DYNAMIC_REGISTER_ENDPOINTS } from './dynamic-register.endpoints';
import { USER_GUIDE_ENDPOINTS } from './user-guide.endpoints';
import { TEAM_MEMBER_ENDPOINTS, USER_ENDPOINTS } from './users.endpoints';

/** Each area's endpoints, in alphabetical order; add an area's object here when it is created. */
const AREAS: ReadonlyArray<Readonly<Record<string, EndpointDefinition>>> = [
  ACTIVITY_ENDPOINTS,
  APPLICATION_ACCESS_ENDPOINTS,
  ALERT_ENDPOINTS,
  API_LOG_ENDPOINTS,
  BRANDING_ENDPOINTS,
  BULK_ONBOARDING_ENDPOINTS,
  COMPANY_ENDPOINTS,
  COMPANY_REGISTRY_ENDPOINTS,
  CUSTOMER_ENDPOINTS,
  CUSTOMER_PROFILE_ENDPOINTS,
  CUSTOMER_EXPORT_ENDPOINTS,
  CUSTOMER_VERIFICATION_ENDPOINTS,
  DATA_SEGMENT_ENDPOINTS,
  DOCUMENT_REQUEST_ENDPOINTS,
  FILE_ENDPOINTS,
  FORM_BUILDER_ENDPOINTS,
  HEALTH_ENDPOINTS,
  IDENTITY_PROVIDER_ENDPOINTS,
  IDV_ENDPOINTS,
  INSIGHT_ENDPOINTS,
  LABELING_ENDPOINTS,
  MAILBOX_ENDPOINTS,
  NOTIFICATION_ENDPOINTS,
  ONBOARDING_CONFIGURATION_ENDPOINTS,
  ONBOARDING_LINK_ENDPOINTS,
  OTP_ENDPOINTS,
  PASSWORD_ENDPOINTS,
  PROFILE_ENDPOINTS,
  PUBLIC_API_DOCUMENT_ENDPOINTS,
  PUBLIC_API_ENDPOINTS,
  RISK_AREA_ENDPOINTS,
  ROLE_ENDPOINTS,
  SCREENING_ENDPOINTS,
  SESSION_ENDPOINTS,
  SIGNUP_ENDPOINTS,
  SUPPORT_ENDPOINTS,
  SYSTEM_LOG_ENDPOINTS,
  TEAM_MEMBER_ENDPOINTS,
  TEMP_CUSTOMER_ENDPOINTS,
  DYNAMIC_REGISTER_ENDPOINTS,
  USER_ENDPOINTS,
  USER_GUIDE_ENDPOINTS,
  WEBHOOK_ENDPOINTS,
];

/** Every operation of the API; the OpenAPI document and the route check read it. */
export const API_ENDPOINTS: readonly EndpointDefinition[] = AREAS.flatMap((area) => Object.values(area));

export const API_INFO: OpenApiInfo = {
  title: 'Sanad API',
  version: '0.1.0',
  description: 'Customer identity verification and AML compliance. Every operation, its permission and its schemas.',
};
