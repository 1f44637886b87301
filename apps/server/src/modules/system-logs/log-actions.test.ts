import { describe, expect, it } from 'vitest';
import { LOG_ACTIONS } from '@sanad/contracts/log-modules';

// That the catalogue lists every code the server writes is checked by the compiler: appendAudit
// takes a LogAction, the union of LOG_ACTIONS.
describe('the action-code catalogue', () => {
  it('includes the examples the spec gives', () => {
    expect(LOG_ACTIONS.authentication).toContain('logged_in');
    expect(LOG_ACTIONS.system_users).toContain('created_user');
    expect(LOG_ACTIONS.system_logs).toContain('exported_logs');
  });
});
