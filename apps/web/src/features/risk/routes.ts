import { ENGINE_PAGE_NAMES } from '@sanad/contracts/risk-pages';
import { staffRoute, type PageRoute } from '../../lib/page-route';
import { pageTitle } from './engine-navigation';

const loadEngine = () => import('./pages/EnginePage');
const engineMeta = (page: string) => ({
  title: pageTitle(page),
  permissions: ['sanad-engine'] as const,
  headerMenu: 'configuration' as const,
  sessionStep: 'sanad-engine',
  innerTabName: page,
});

/** /configuration/sanad-engine/<page> for every page the spec lists, a custom field's factor, and /configuration/simulate. */
export const riskConfigurationRoutes: PageRoute[] = [
  staffRoute('configuration/sanad-engine', engineMeta('risk'), loadEngine),
  ...ENGINE_PAGE_NAMES.map((page) => staffRoute(`configuration/sanad-engine/${page}`, engineMeta(page), loadEngine)),
  // A factor added from a custom field: its values, reached from the risk page.
  staffRoute('configuration/sanad-engine/custom-factor/:fieldKey', { ...engineMeta('risk'), title: 'Custom field factor' }, loadEngine),
  staffRoute(
    'configuration/simulate',
    { title: 'Simulate', permissions: ['initiate-simulation-process'], headerMenu: 'configuration', sessionStep: 'simulate' },
    () => import('./pages/SimulatePage'),
  ),
];
