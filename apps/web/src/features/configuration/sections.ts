import { hasAnyPermission, type Scope } from '@sanad/contracts/permissions';

/** One page of the configuration area, as its home and its secondary navigation list it. */
export interface ConfigurationSection {
  key: string;
  label: string;
  /** One line on what the page does. */
  description: string;
  to: string;
  /** Opens with one of these (the route's own permission list). */
  permissions: readonly Scope[];
  /** And with every one of these (the route's alsoRequires). */
  alsoRequires?: readonly Scope[];
  /** Paths under this prefix belong to the section (highlighted in the navigation). */
  match: string;
}

export interface ConfigurationGroup {
  label: string;
  sections: readonly ConfigurationSection[];
}

/**
 * Every configuration page the product has or will have, grouped as an administrator looks for
 * them. A section shows only when its route exists (later pages appear by adding their route) and
 * the user holds one of its permissions.
 */
export const CONFIGURATION_GROUPS: readonly ConfigurationGroup[] = [
  {
    label: 'Risk',
    sections: [
      {
        key: 'risk-engine',
        label: 'Risk engine',
        description: 'Factors, scores, weights, levels and overrides that rate every customer, with their version history.',
        to: '/configuration/sanad-engine/risk',
        permissions: ['sanad-engine'],
        match: '/configuration/sanad-engine',
      },
      {
        key: 'simulate',
        label: 'Simulate',
        description: 'Rate a made-up customer with the configuration in force and see how each factor scores, without saving anything.',
        to: '/configuration/simulate',
        permissions: ['initiate-simulation-process'],
        match: '/configuration/simulate',
      },
    ],
  },
  {
    label: 'Screening',
    sections: [
      {
        key: 'screening-lists',
        label: 'Screening lists',
        description: 'Which sanctions, PEP and watch lists names are screened against, and their imported versions.',
        to: '/configuration/screening-list',
        permissions: ['screening-list'],
        match: '/configuration/screening-list',
      },
      {
        key: 'screening-data',
        label: 'Screening data',
        description: "The reference values of the lists and your own black-list and firm's list entries.",
        to: '/configuration/screening-data',
        permissions: ['view-screening-data'],
        match: '/configuration/screening-data',
      },
      {
        key: 'company-registers',
        label: 'Company registers',
        description: 'Load the UK Companies House register file, so staff can look companies up by number and check what they declare.',
        to: '/configuration/company-registers',
        permissions: ['screening-list'],
        match: '/configuration/company-registers',
      },
    ],
  },
  {
    label: 'Onboarding and verification',
    sections: [
      {
        key: 'onboarding',
        label: 'Onboarding configuration',
        description: 'The steps and checks of the onboarding journeys your customers follow.',
        to: '/configuration/on-boarding-configuration',
        permissions: ['configurations', 'onboarding-configurations'],
        match: '/configuration/on-boarding-configuration',
      },
      {
        key: 'form-builder',
        label: 'Form builder',
        description: 'The fields of the forms customers fill in during onboarding.',
        to: '/configuration/form-builder/setup-profile',
        permissions: ['form-builder'],
        match: '/configuration/form-builder',
      },
      {
        key: 'idv',
        label: 'IDV configuration',
        description: 'Document reading, face match and liveness thresholds of identity verification.',
        to: '/configuration/idv-configuration',
        permissions: ['idv-configurations'],
        match: '/configuration/idv-configuration',
      },
    ],
  },
  {
    label: 'Appearance and help',
    sections: [
      {
        key: 'branding',
        label: 'Branding',
        description: 'Colours and logos of Sanad for every data segment: staff screens, sign-in and public pages.',
        to: '/configuration/branding',
        permissions: ['branding'],
        match: '/configuration/branding',
      },
      {
        key: 'labeling',
        label: 'Labeling',
        description: "Your organisation's name, logo and support contacts, shown to your customers in place of Sanad's.",
        to: '/configuration/labeling',
        permissions: ['labeling'],
        alsoRequires: ['white-labelling'],
        match: '/configuration/labeling',
      },
      {
        key: 'user-guide',
        label: 'User guide settings',
        description: 'The manuals and videos the User Guide button offers to your team.',
        to: '/configuration/user-guide',
        permissions: ['configurations'],
        match: '/configuration/user-guide',
      },
    ],
  },
  {
    label: 'Communication and billing',
    sections: [
      {
        key: 'notifications',
        label: 'Notification settings',
        description: 'Which events notify whom, in the bell and by e-mail.',
        to: '/configuration/notifications',
        permissions: ['manage-notifications'],
        match: '/configuration/notifications',
      },
      {
        key: 'packages',
        label: 'Packages',
        description: 'The subscription packages offered to data segments.',
        to: '/configuration/packages',
        permissions: ['manage-packages'],
        match: '/configuration/packages',
      },
    ],
  },
];

/** Every permission that opens at least one configuration page: the configuration home admits them. */
export const CONFIGURATION_PERMISSIONS: readonly Scope[] = [
  ...new Set(CONFIGURATION_GROUPS.flatMap((group) => group.sections.flatMap((section) => section.permissions))),
];

/** The groups and sections this user may open among those whose page exists; empty groups are left out. */
export function visibleConfigurationGroups(scopes: readonly string[], isRouted: (path: string) => boolean): ConfigurationGroup[] {
  return CONFIGURATION_GROUPS.map((group) => ({
    label: group.label,
    sections: group.sections.filter(
      (section) =>
        isRouted(section.to) &&
        hasAnyPermission(scopes, section.permissions) &&
        (section.alsoRequires ?? []).every((scope) => scopes.includes(scope)),
    ),
  })).filter((group) => group.sections.length > 0);
}

export const CONFIGURATION_HOME_PATH = '/configuration';
