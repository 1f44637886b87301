import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBranding, TBrandingSave } from '@sanad/contracts/branding';
import { BRANDING_ENDPOINTS } from '@sanad/contracts/branding.endpoints';
import { api } from '../../../lib/api';
import { setDisplaySettings } from '../../../lib/display-settings';

export const brandingQuery = () =>
  queryOptions({
    queryKey: ['branding-settings'],
    queryFn: async ({ signal }) => (await api(BRANDING_ENDPOINTS.settings, {}, { signal })).data,
  });

export function useBranding() {
  return useQuery(brandingQuery());
}

/**
 * PUT configurations/branding/{_id}. The saved branding becomes the app's at once: the cached
 * display settings are replaced (other tabs follow through the storage event), so the theme and
 * the logo change without a reload.
 */
export async function saveBranding(id: string, input: TBrandingSave): Promise<{ message: string; data: TBranding }> {
  const { message, data } = await api(BRANDING_ENDPOINTS.save, { params: { id }, body: input });
  setDisplaySettings({ colors: data.colors, logo: data.logo, clientLogo: null });
  return { message, data };
}
