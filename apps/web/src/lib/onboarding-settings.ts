import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_ONBOARDING_SETTINGS, type TOnboardingSettings } from '@sanad/contracts/onboarding-configuration';
import { ONBOARDING_CONFIGURATION_ENDPOINTS } from '@sanad/contracts/onboarding-configuration.endpoints';
import { api } from './api';
import { getActiveDataSegmentId } from './session';

/**
 * The onboarding configuration of the active data segment (GET configurations/ocr/:id, the id being
 * the segment's): read by its configuration screen and by the registration and edit-profile steps.
 */
export const onboardingConfigurationQuery = (dataSegmentId: string | null = getActiveDataSegmentId()) =>
  queryOptions({
    queryKey: ['onboarding-configuration', dataSegmentId],
    queryFn: async ({ signal }) =>
      (await api(ONBOARDING_CONFIGURATION_ENDPOINTS.get, { params: { id: dataSegmentId ?? '' } }, { signal })).data,
    enabled: dataSegmentId !== null,
  });

export function useOnboardingConfiguration() {
  return useQuery(onboardingConfigurationQuery());
}

/**
 * The settings a journey applies: the segment's once loaded. While loading (or when the reading
 * fails) the documented defaults apply; the server enforces the segment's own rules either way.
 */
export function useOnboardingSettings(): { settings: TOnboardingSettings; isLoaded: boolean } {
  const { data } = useOnboardingConfiguration();
  return { settings: data?.settings ?? DEFAULT_ONBOARDING_SETTINGS, isLoaded: data !== undefined };
}
