import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const E2E_PORT = Number(process.env.SANAD_E2E_PORT ?? 3180);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The system Chromium and the flags every browser test starts it with (a spec adding flags starts from these). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;
export const STATE_FILE = path.join(ROOT, 'test-results', 'e2e-server.json');
/** Where the loopback SMTP sink writes each e-mail the server sends, one JSON file per message. */
export const PASSWORD = 'E2e-pass1';

/** The accounts the browser tests sign in with; global setup creates them before the server starts. */
export const ACCOUNTS = {
  admin: { email: 'admin@e2e.test', permissions: 'all', flags: [] },
  dashboard: { email: 'dash@e2e.test', permissions: 'view-activity-dashboard', flags: [] },
  noScopes: { email: 'nobody@e2e.test', permissions: '', flags: [] },
  kyb: {
    email: 'kyb@e2e.test',
    permissions: 'view-activity-dashboard,register-customer,register-company,view-deeplink-sent',
    flags: ['--kyb'],
  },
  kyc: {
    email: 'kyc@e2e.test',
    permissions: 'view-activity-dashboard,register-customer,register-company,view-customer-profile',
    flags: [],
  },
  lite: { email: 'lite@e2e.test', permissions: 'view-activity-dashboard,register-customer,system-logs', flags: ['--lite'] },
  oidc: { email: 'oidc@e2e.test', permissions: 'view-activity-dashboard', flags: [] },
  password: { email: 'password@e2e.test', permissions: 'view-activity-dashboard', flags: [] },
  profile: { email: 'profile@e2e.test', permissions: 'view-activity-dashboard', flags: [] },
  reader: { email: 'reader@e2e.test', permissions: 'view-activity-dashboard,notification-bar,view-notifications', flags: [] },
  guide: { email: 'guide@e2e.test', permissions: 'view-activity-dashboard,notification-bar', flags: ['--user-guide'] },
  liteGuide: { email: 'liteguide@e2e.test', permissions: 'view-activity-dashboard', flags: ['--lite', '--user-guide'] },
  trial: {
    email: 'trial@e2e.test',
    permissions: 'view-activity-dashboard',
    flags: ['--new-segment', 'Trial Traders', '--subscription', 'trial'],
  },
  // Labeling: an administrator of a data segment of their own that allows white labelling.
  labeler: {
    email: 'labeler@e2e.test',
    permissions: 'view-activity-dashboard,labeling,register-customer,view-deeplink-sent',
    flags: ['--new-segment', 'Crescent Microfinance', '--white-labelling'],
  },
  riskOfficer: { email: 'risk@e2e.test', permissions: 'sanad-engine,initiate-simulation-process', flags: [] },
  screeningReader: { email: 'screening-reader@e2e.test', permissions: 'view-screening-data', flags: [] },
  // The alert review chain: three people, one level each (the first of maker, checker, approver in the role).
  alertMaker: {
    email: 'alert-maker@e2e.test',
    permissions: 'view-activity-dashboard,view-alerts,view-customer-profile,kyc-status-review,open-alerts,maker',
    flags: [],
  },
  alertChecker: {
    email: 'alert-checker@e2e.test',
    permissions: 'view-activity-dashboard,view-alerts,view-customer-profile,kyc-status-review,checker',
    flags: [],
  },
  alertApprover: {
    email: 'alert-approver@e2e.test',
    permissions: 'view-activity-dashboard,view-alerts,view-customer-profile,kyc-status-review,approver,unlock-alerts',
    flags: [],
  },
} as const;
/** Contact-form messages go here (SANAD_SUPPORT_EMAIL of the test server). */
export const SUPPORT_EMAIL = 'support@e2e.test';
export type AccountName = keyof typeof ACCOUNTS;
