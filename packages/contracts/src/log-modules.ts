/**
 * System-log modules (001 §9) and the GDPR record-of-processing fields each entry carries
 * (001 §3: purposeOfProcessing, legalBasisForProcessing, categoriesOfDataInvolved, recipients,
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

const SECURITY =
  'Encrypted transport (TLS), encryption at rest (AES-256-GCM), role-based access, hash-chained audit trail';
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
