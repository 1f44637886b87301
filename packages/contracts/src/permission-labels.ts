import type { Permission } from './permissions';

export interface PermissionLabel {
  /** What the role editor shows beside the box. */
  label: string;
  /** One line on what holding the permission lets a user do. */
  description: string;
}

/**
 * A name and a one-line explanation for every permission of the catalogue, so the role editor never
 * shows a raw code. The Record type makes a missing permission a compile error.
 */
export const PERMISSION_LABELS: Readonly<Record<Permission, PermissionLabel>> = {
  // Insights
  'view-alerts': { label: 'View alerts', description: 'See the alerts raised by screening and risk rating.' },
  'notification-bar': { label: 'Notification bell', description: 'See the bell in the header with unread notifications.' },
  'view-customer-tracker': { label: 'View verification tracker', description: 'Follow where each customer stands in onboarding.' },
  'view-activity-dashboard': { label: 'View activity dashboard', description: 'See the charts of onboarding and review activity.' },
  'view-customer-statistics': { label: 'View customer statistics', description: 'See customer counts by status, risk and type.' },
  'export-activity-dashboard': { label: 'Export activity dashboard', description: 'Download the activity dashboard as a file.' },
  'export-customer-statistics': { label: 'Export customer statistics', description: 'Download customer statistics as a file.' },
  // Customer profiles
  'view-customer-profile': { label: 'View customer profiles', description: 'Open individual customers and their documents.' },
  'register-customer': { label: 'Register customers', description: 'Onboard individuals and upload their documents.' },
  'view-company-profile': { label: 'View company profiles', description: 'Open companies, their owners and documents.' },
  'register-company': { label: 'Register companies', description: 'Onboard companies and upload their documents.' },
  'bulk-upload': { label: 'Bulk upload', description: 'Onboard many customers at once from a spreadsheet.' },
  'view-deeplink-sent': { label: 'View sent onboarding links', description: 'See the onboarding links sent to customers.' },
  'edit-profile': { label: 'Edit profiles', description: "Change a customer's or company's details and documents." },
  'kyc-status-review': { label: 'Review KYC status', description: "Take part in reviewing a customer's KYC status." },
  'manually-overwrite': { label: 'Overwrite risk level', description: "Replace a customer's computed risk level by hand." },
  'open-alerts': { label: 'Open alerts', description: 'Start the review of an alert.' },
  'export-customer-profile': { label: 'Export customer profiles', description: 'Download a customer profile as a file.' },
  'export-activity-timeline': { label: 'Export activity timeline', description: "Download a customer's activity timeline." },
  'view-customer-verification': {
    label: 'View customer verification',
    description: 'See the NADRA and criminal-record check status of customers.',
  },
  'manage-customer-verification': {
    label: 'Record customer verification',
    description: 'Record the outcome of a NADRA or criminal-record check, with its evidence.',
  },
  'archive-customer-profile': { label: 'Archive customer profiles', description: 'Archive a customer or company profile.' },
  // Configurations
  labeling: { label: 'Labelling', description: 'Rename the labels and fields customers see.' },
  'view-notifications': { label: 'View notifications', description: 'Open the notifications page.' },
  'manage-notifications': { label: 'Send notifications', description: 'Send announcements to the users of a data segment.' },
  'upload-delta-list': { label: 'Upload delta lists', description: 'Import changes (adds, edits, removals) into screening lists.' },
  'sanad-engine': { label: 'Risk engine', description: 'Configure risk factors, weights, thresholds and rules.' },
  'view-screening-data': { label: 'View screening data', description: 'Browse the screening lists and their entries.' },
  'form-builder': { label: 'Form builder', description: 'Design the onboarding forms customers fill in.' },
  'initiate-simulation-process': { label: 'Risk simulation', description: 'Try a risk configuration on sample customers.' },
  branding: { label: 'Branding', description: 'Set the colours and logos of the data segment.' },
  configurations: { label: 'General configuration', description: 'Change general settings such as the user guide files.' },
  'onboarding-configurations': { label: 'Onboarding configuration', description: 'Choose the steps of onboarding journeys.' },
  'idv-configurations': { label: 'Identity check configuration', description: 'Set document, face and liveness thresholds.' },
  'screening-list': { label: 'Manage screening lists', description: "Import screening lists and edit the firm's own lists." },
  'manage-packages': { label: 'Manage packages', description: 'Define the packages clients may subscribe to.' },
  'developer-tools': { label: 'Developer tools', description: 'Open the developer area and its API documentation.' },
  'manage-webhooks': { label: 'Manage webhooks', description: 'Add and change webhook endpoints.' },
  'manage-api-logs': { label: 'API logs', description: 'Read the log of calls made to the public API.' },
  'manage-application-access': { label: 'Manage API keys', description: 'Create and revoke keys for the public API.' },
  'subscribe-package': { label: 'Billing', description: 'Subscribe to a package and manage payments.' },
  // System user
  'view-users': { label: 'View system users', description: 'See the system users and their roles.' },
  'manage-users': { label: 'Manage system users', description: 'Invite, edit, archive and activate system users.' },
  'view-roles': { label: 'View roles', description: 'See the roles and their permissions.' },
  'manage-roles': { label: 'Manage roles', description: 'Create, edit and archive roles.' },
  'view-data-segments': { label: 'View data segments', description: 'See the data segments (client tenants).' },
  'manage-data-segments': { label: 'Manage data segments', description: 'Create and edit data segments (client tenants).' },
  'manage-team-members': { label: 'Manage team members', description: 'Invite and edit colleagues in your data segment.' },
  'view-team-members': { label: 'View team members', description: 'See the team members of your data segment.' },
  // System logs
  'system-logs': { label: 'System logs', description: 'Read and export the audit trail of every change.' },
  // Status review
  maker: { label: 'Maker', description: 'First step of a review: prepares the decision.' },
  checker: { label: 'Checker', description: "Second step of a review: checks the maker's work." },
  approver: { label: 'Approver', description: 'Last step of a review: takes the decision.' },
  'unlock-alerts': { label: 'Unlock alerts', description: 'Release an alert another reviewer has locked.' },
};

export function permissionLabel(permission: string): PermissionLabel {
  return (
    (Object.hasOwn(PERMISSION_LABELS, permission) ? PERMISSION_LABELS[permission as Permission] : null) ?? {
      label: permission,
      description: '',
    }
  );
}
