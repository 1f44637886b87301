import { endpoint, requireAny } from './endpoint';
import { successEnvelope, ZLooseIdParams } from './http';
import { ZOnboardingConfiguration, ZOnboardingConfigurationSave } from './onboarding-configuration';

const tag = 'onboarding-configuration';

/**
 * The onboarding configuration of a data segment (/configuration/on-boarding-configuration). The
 * `_id` of the path is the data segment's id: each segment has exactly one configuration. The
 * page needs `configurations` or `onboarding-configurations` (DECISIONS SH-38); the registration
 * screens read it too, so register-customer and edit-profile may read it.
 */
export const ONBOARDING_CONFIGURATION_ENDPOINTS = {
  get: endpoint({
    method: 'GET',
    path: 'configurations/ocr/:id',
    tag,
    summary: "A data segment's onboarding configuration (the id is the data segment's id)",
    access: requireAny('configurations', 'onboarding-configurations', 'register-customer', 'edit-profile'),
    params: ZLooseIdParams,
    response: successEnvelope(ZOnboardingConfiguration),
  }),
  save: endpoint({
    method: 'PUT',
    path: 'configurations/ocr/:id',
    tag,
    summary:
      "Save a data segment's onboarding configuration. The body quotes the version it was loaded at; a configuration changed since answers 409",
    access: requireAny('configurations', 'onboarding-configurations'),
    params: ZLooseIdParams,
    body: ZOnboardingConfigurationSave,
    response: successEnvelope(ZOnboardingConfiguration),
  }),
};
