import { staffRoute, type PageRoute } from '../../lib/page-route';
import { CONFIGURATION_PERMISSIONS } from './sections';

/**
 * The configuration home opens for any permission of a configuration page; it lists those the user
 * may open. The onboarding configuration accepts configurations or onboarding-configurations.
 */
export const configurationRoutes: PageRoute[] = [
  staffRoute('configuration', { title: 'Configuration', permissions: CONFIGURATION_PERMISSIONS }, () => import('./ConfigurationHomePage')),
  staffRoute(
    'configuration/on-boarding-configuration',
    { title: 'Onboarding Configuration', permissions: ['configurations', 'onboarding-configurations'] },
    () => import('./onboarding/OnboardingConfigurationPage'),
  ),
];
