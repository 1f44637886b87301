import { describe, expect, it } from 'vitest';
import { createRefusedCallBudget } from './refused-call-budget';

describe('the budget of API-log entries for calls refused for their key', () => {
  it('writes at most a budget of such entries per address and minute, and says how many it skipped', () => {
    let clock = 0;
    const budget = createRefusedCallBudget({ perAddress: 2, global: 3, windowMs: 60_000 }, () => clock);
    expect(budget.take('a')).toEqual({ isLogged: true, skipped: 0 });
    expect(budget.take('a')).toEqual({ isLogged: true, skipped: 0 });
    expect(budget.take('a')).toEqual({ isLogged: false });
    expect(budget.take('b')).toEqual({ isLogged: true, skipped: 1 });
    // The global cap holds across addresses.
    expect(budget.take('c')).toEqual({ isLogged: false });
    clock = 60_000;
    expect(budget.take('a')).toEqual({ isLogged: true, skipped: 1 });
  });
});
