/**
 * System-log modules and the GDPR record-of-processing fields each entry carries
 * (purposeOfProcessing, legalBasisForProcessing, categoriesOfDataInvolved, recipients,
 * retentionPeriod, locationOfProcessing, securityMeasures). The defaults per module follow
 * Article 30 GDPR; a service may override any field for one entry.
 */
export const LOG_MODULES = [
  'authentication',
  'system_users',
  'customers',
  'alerts',
  'insights',
  'form_builder',
  'configuration',
  'system_logs',
  'access_control',
  'computer_vision',
  'due_diligence',
  'screening_data',
] as const;
export type LogModule = (typeof LOG_MODULES)[number];

export interface GdprFields {
  purposeOfProcessing: string;
  legalBasisForProcessing: string;
  categoriesOfDataInvolved: string[];
  recipients: string[];
  retentionPeriod: string;
  locationOfProcessing: string;
  securityMeasures: string;
}

const SECURITY = 'Encrypted transport (TLS), encryption at rest (AES-256-GCM), role-based access, hash-chained audit trail';
const STAFF_RETENTION = '6 years after the account is closed';
const AML_RETENTION = '5 years after the end of the business relationship (AML record keeping)';

export const GDPR_DEFAULTS: Record<LogModule, Omit<GdprFields, 'locationOfProcessing'>> = {
  authentication: {
    purposeOfProcessing: 'Authenticating staff and securing access to the service',
    legalBasisForProcessing: 'Legitimate interests (security of processing, Art. 6(1)(f), Art. 32)',
    categoriesOfDataInvolved: ['Identity', 'Contact', 'Technical'],
    recipients: ['Client organisation administrators'],
    retentionPeriod: '1 year',
    securityMeasures: SECURITY,
  },
  system_users: {
    purposeOfProcessing: 'Managing staff accounts, roles and access rights',
    legalBasisForProcessing: 'Contract (Art. 6(1)(b)) and legitimate interests (Art. 6(1)(f))',
    categoriesOfDataInvolved: ['Identity', 'Contact', 'Profile'],
    recipients: ['Client organisation administrators'],
    retentionPeriod: STAFF_RETENTION,
    securityMeasures: SECURITY,
  },
  customers: {
    purposeOfProcessing: 'Customer due diligence and identity verification',
    legalBasisForProcessing: 'Legal obligation (AML/CFT law, Art. 6(1)(c))',
    categoriesOfDataInvolved: ['Identity', 'Contact', 'Financial', 'Profile'],
    recipients: ['Compliance staff of the client organisation', 'Regulators on lawful request'],
    retentionPeriod: AML_RETENTION,
    securityMeasures: SECURITY,
  },
  alerts: {
    purposeOfProcessing: 'Reviewing screening and risk alerts',
    legalBasisForProcessing: 'Legal obligation (AML/CFT law, Art. 6(1)(c))',
    categoriesOfDataInvolved: ['Identity', 'Profile', 'Transaction'],
    recipients: ['Compliance staff of the client organisation', 'Regulators on lawful request'],
    retentionPeriod: AML_RETENTION,
    securityMeasures: SECURITY,
  },
  insights: {
    purposeOfProcessing: 'Reporting on onboarding and compliance activity',
    legalBasisForProcessing: 'Legitimate interests (Art. 6(1)(f))',
    categoriesOfDataInvolved: ['Usage'],
    recipients: ['Client organisation management'],
    retentionPeriod: '2 years',
    securityMeasures: SECURITY,
  },
  form_builder: {
    purposeOfProcessing: 'Configuring onboarding forms',
    legalBasisForProcessing: 'Contract (Art. 6(1)(b))',
    categoriesOfDataInvolved: ['Usage'],
    recipients: ['Client organisation administrators'],
    retentionPeriod: STAFF_RETENTION,
    securityMeasures: SECURITY,
  },
  configuration: {
    purposeOfProcessing: 'Configuring the service for the client organisation',
    legalBasisForProcessing: 'Contract (Art. 6(1)(b))',
    categoriesOfDataInvolved: ['Usage'],
    recipients: ['Client organisation administrators'],
    retentionPeriod: STAFF_RETENTION,
    securityMeasures: SECURITY,
  },
  system_logs: {
    purposeOfProcessing: 'Accountability: keeping and exporting the record of processing',
    legalBasisForProcessing: 'Legal obligation (Art. 5(2), Art. 30 GDPR)',
    categoriesOfDataInvolved: ['Usage', 'Technical'],
    recipients: ['Client organisation administrators', 'Data protection officer'],
    retentionPeriod: STAFF_RETENTION,
    securityMeasures: SECURITY,
  },
  access_control: {
    purposeOfProcessing: 'Managing API access, webhooks and data segments',
    legalBasisForProcessing: 'Contract (Art. 6(1)(b))',
    categoriesOfDataInvolved: ['Technical'],
    recipients: ['Client organisation administrators'],
    retentionPeriod: STAFF_RETENTION,
    securityMeasures: SECURITY,
  },
  computer_vision: {
    purposeOfProcessing: 'Reading identity documents and comparing faces for identity verification',
    legalBasisForProcessing: 'Legal obligation (AML/CFT law, Art. 6(1)(c)); explicit consent for biometric comparison (Art. 9(2)(a))',
    categoriesOfDataInvolved: ['Identity', 'Biometric (face comparison)'],
    recipients: ['Compliance staff of the client organisation'],
    retentionPeriod: AML_RETENTION,
    securityMeasures: SECURITY,
  },
  due_diligence: {
    purposeOfProcessing: 'Risk rating and enhanced due diligence',
    legalBasisForProcessing: 'Legal obligation (AML/CFT law, Art. 6(1)(c))',
    categoriesOfDataInvolved: ['Identity', 'Financial', 'Profile'],
    recipients: ['Compliance staff of the client organisation', 'Regulators on lawful request'],
    retentionPeriod: AML_RETENTION,
    securityMeasures: SECURITY,
  },
  screening_data: {
    purposeOfProcessing: 'Maintaining sanctions, PEP and watch lists for screening',
    legalBasisForProcessing: 'Legal obligation (sanctions and AML/CFT law, Art. 6(1)(c))',
    categoriesOfDataInvolved: ['Identity (listed persons)'],
    recipients: ['Compliance staff of the client organisation'],
    retentionPeriod: 'While the list version is in force, then 5 years',
    securityMeasures: SECURITY,
  },
};

export const LOG_MODULE_LABELS: Record<LogModule, string> = {
  authentication: 'Authentication',
  system_users: 'System users',
  customers: 'Customers',
  alerts: 'Alerts',
  insights: 'Insights',
  form_builder: 'Form builder',
  configuration: 'Configuration',
  system_logs: 'System logs',
  access_control: 'Access control',
  computer_vision: 'Computer vision',
  due_diligence: 'Due diligence',
  screening_data: 'Screening data',
};

/**
 * Every action code the server writes, by the module it is written under (LG-09). An audit entry's
 * action is typed as one of these (LogAction), so a code missing here does not compile;
 * docs/decisions/system-logs.md documents each code. Modules without codes yet (form_builder) gain them with their features.
 */
export const LOG_ACTIONS = {
  authentication: [
    'logged_in',
    'logged_out',
    'requested_otp',
    'verified_number',
    'failed_otp',
    'changed_password',
    'requested_password_reset',
    'reset_password',
    'set_password',
  ],
  system_users: [
    'created_user',
    'updated_user',
    'archived_user',
    'activated_user',
    'resent_invitation',
    'added_team_member',
    'updated_team_member',
    'archived_team_member',
    'activated_team_member',
    'activated_account',
    'activated_team_member_account',
    'created_role',
    'updated_role',
    'archived_role',
    'activated_role',
    'updated_profile',
    'linked_identity_provider',
    'unlinked_identity_provider',
    'received_support_request',
  ],
  customers: [
    'uploaded_file',
    'uploaded_customer_document',
    'created_onboarding_link',
    'revoked_onboarding_link',
    'registered_customer',
    'edited_customer',
    'decided_screening_hit',
    'withdrew_hit_decision',
    'rescreened_customer',
    'recorded_customer_verification',
    'exported_activity_timeline',
    'started_bulk_upload',
    'completed_bulk_upload',
    'sent_deep_link',
    'resent_deep_link',
    'revoked_deep_link',
    'completed_deep_register',
    'started_dynamic_register',
    'completed_dynamic_register',
    'started_public_register',
    'sent_public_register_continue_link',
    'completed_public_register',
    'requested_documents',
    'received_requested_documents',
    'requested_contact_code',
    'failed_contact_code',
    'verified_contact',
    'archived_customer',
    'activated_customer',
    'exported_customers',
    'exported_compliance_file',
    'registered_company',
    'edited_company',
    'set_registry_flags',
    'added_company_parent',
    'updated_company_parent',
    'removed_company_parent',
    'sent_parent_kyc_link',
    'rerated_company_for_parent',
  ],
  alerts: [
    'raised_onboarding_alert',
    'raised_triggered_alert',
    'raised_periodic_alert',
    'raised_expiry_alert',
    'marked_document_expiry',
    'notified_overdue_alert',
    'scheduled_periodic_review',
    'created_manual_alert',
    'lock_alert',
    'submitted_alert_review',
    'cancelled_alert_review',
    'unlock_alert',
    'changed_kyc_status',
  ],
  insights: ['exported_activity_dashboard', 'exported_customer_statistics'],
  form_builder: ['saved_form_draft', 'published_form', 'restored_form_version', 'started_form_submission', 'submitted_form'],
  configuration: [
    'seeded_risk_configuration',
    'created_risk_configuration_item',
    'updated_risk_configuration_item',
    'archived_risk_configuration_item',
    'activated_risk_configuration_item',
    'imported_risk_configuration',
    'exported_risk_configuration',
    'updated_risk_thresholds',
    'updated_review_intervals',
    'updated_idv_configuration',
    'updated_onboarding_configuration',
    'updated_branding',
    'updated_labeling',
    'removed_unsaved_logo',
    'updated_alert_settings',
    'uploaded_user_guide_file',
    'removed_user_guide_file',
    'sent_notification',
  ],
  system_logs: ['requested_log_export', 'exported_logs', 'cancelled_log_export', 'keyed_audit_chain'],
  access_control: [
    'created_data_segment',
    'updated_data_segment',
    'archived_data_segment',
    'activated_data_segment',
    'created_application_access',
    'updated_application_access',
    'archived_application_access',
    'activated_application_access',
    'rotated_api_key',
    'created_webhook',
    'updated_webhook',
    'archived_webhook',
    'activated_webhook',
    'disabled_webhook',
    'rotated_webhook_secret',
    'sent_test_webhook',
    'resent_webhook_delivery',
    'requested_api_log_export',
    'exported_api_logs',
    'cancelled_api_log_export',
  ],
  computer_vision: ['read_document', 'compared_faces', 'checked_liveness'],
  due_diligence: ['rated_customer', 'manually_overwrote_risk_rating', 'started_rerating', 'rerated_customers', 'stopped_rerating'],
  screening_data: [
    'uploaded_file',
    'uploaded_screening_list',
    'uploaded_delta_list',
    'imported_screening_list',
    'imported_delta_list',
    'imported_company_register',
    'failed_company_register_import',
    'rescreened_customers',
    'activated_screening_list',
    'deactivated_screening_list',
    'screened_name',
    'updated_screening_thresholds',
    'added_blacklist_entry',
    'updated_blacklist_entry',
    'archived_blacklist_entry',
    'activated_blacklist_entry',
  ],
} as const satisfies Record<LogModule, readonly string[]>;

/** An action code of the catalogue. */
export type LogAction = (typeof LOG_ACTIONS)[LogModule][number];

/** Words written in capitals in action labels. */
const ACRONYMS: Readonly<Record<string, string>> = { otp: 'OTP', idv: 'IDV', csv: 'CSV', oidc: 'OIDC' };

/**
 * The label an action code is shown with: its words in sentence case ('requested_otp' → 'Requested
 * OTP'). Every code the server writes reads as a phrase, so a new code needs no entry here.
 */
export function logActionLabel(action: string): string {
  const words = action.split('_').filter(Boolean);
  return words.map((word, index) => ACRONYMS[word] ?? (index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word)).join(' ');
}
