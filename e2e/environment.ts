import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const E2E_PORT = Number(process.env.SANAD_E2E_PORT ?? 3180);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const STATE_FILE = path.join(ROOT, 'test-results', 'e2e-server.json');
export const PASSWORD = 'E2e-pass1';

/** The accounts the browser tests sign in with; global setup creates them before the server starts. */
export const ACCOUNTS = {
  admin: { email: 'admin@e2e.test', permissions: 'all', flags: [] },
  dashboard: { email: 'dash@e2e.test', permissions: 'view-activity-dashboard', flags: [] },
  noScopes: { email: 'nobody@e2e.test', permissions: '', flags: [] },
  kyb: { email: 'kyb@e2e.test', permissions: 'view-activity-dashboard,register-customer,register-company,view-deeplink-sent', flags: ['--kyb'] },
  kyc: { email: 'kyc@e2e.test', permissions: 'view-activity-dashboard,register-customer,register-company,view-customer-profile', flags: [] },
  lite: { email: 'lite@e2e.test', permissions: 'view-activity-dashboard,register-customer,system-logs', flags: ['--lite'] },
  riskOfficer: { email: 'risk@e2e.test', permissions: 'sanad-engine,initiate-simulation-process', flags: [] },
} as const;
export type AccountName = keyof typeof ACCOUNTS;
