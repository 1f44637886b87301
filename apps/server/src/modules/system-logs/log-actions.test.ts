import { describe, expect, it } from 'vitest';
import { LOG_ACTIONS, LOG_MODULES, logActionLabel } from '@sanad/contracts/log-modules';

// That the catalogue lists every code the server writes is checked by the compiler: appendAudit
// takes a LogAction, the union of LOG_ACTIONS.
describe('the action-code catalogue', () => {
  it('includes the examples the spec gives', () => {
    expect(LOG_ACTIONS.authentication).toContain('logged_in');
    expect(LOG_ACTIONS.system_users).toContain('created_user');
    expect(LOG_ACTIONS.system_logs).toContain('exported_logs');
  });

  it('shows every code as words, never as the raw code', () => {
    const codes = LOG_MODULES.flatMap((module): readonly string[] => LOG_ACTIONS[module]);
    for (const code of codes) {
      const label = logActionLabel(code);
      expect(label).not.toContain('_');
      expect(label.charAt(0)).toBe(label.charAt(0).toUpperCase());
    }
    expect(logActionLabel('requested_otp')).toBe('Requested OTP');
    expect(logActionLabel('updated_idv_configuration')).toBe('Updated IDV configuration');
  });
});
