import { FORM_PAGES } from '@sanad/contracts/form-builder';
import { staffRoute, type PageRoute } from '../../lib/page-route';
import { CONFIGURATION_PERMISSIONS } from './sections';

/**
 * The configuration home opens for any permission of a configuration page; it lists those the user
 * may open. The onboarding configuration accepts configurations or onboarding-configurations; the
 * form builder and its preview need form-builder; branding needs branding.
 */
export const configurationRoutes: PageRoute[] = [
  staffRoute('configuration', { title: 'Configuration', permissions: CONFIGURATION_PERMISSIONS }, () => import('./ConfigurationHomePage')),
  staffRoute('configuration/branding', { title: 'Branding', permissions: ['branding'] }, () => import('./branding/BrandingPage')),
  // Labeling needs the role's labeling and the white-labelling scope of a segment that allows it (DECISIONS SH-38).
  staffRoute(
    'configuration/labeling',
    { title: 'Labeling', permissions: ['labeling'], alsoRequires: ['white-labelling'] },
    () => import('./labeling/LabelingPage'),
  ),
  staffRoute(
    'configuration/on-boarding-configuration',
    { title: 'Onboarding Configuration', permissions: ['configurations', 'onboarding-configurations'] },
    () => import('./onboarding/OnboardingConfigurationPage'),
  ),
  // The builder opens on its first page; each page has its own path (RG-42), the preview takes the page's name.
  staffRoute(
    'configuration/form-builder',
    { title: 'Form Builder', permissions: ['form-builder'] },
    () => import('./form-builder/FormBuilderPage'),
  ),
  ...FORM_PAGES.map((page) =>
    staffRoute(
      `configuration/form-builder/${page}`,
      { title: 'Form Builder', permissions: ['form-builder'] },
      () => import('./form-builder/FormBuilderPage'),
    ),
  ),
  staffRoute(
    'configuration/form-builder/preview-form/:name',
    { title: 'Form Preview', permissions: ['form-builder'] },
    () => import('./form-builder/PreviewFormPage'),
  ),
];
