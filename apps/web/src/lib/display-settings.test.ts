import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDisplaySettings } from '@sanad/contracts/branding';
import { renderHook } from '@testing-library/react';
import { loadDisplaySettings, useDisplaySettings } from './display-settings';
import { STORAGE_KEYS } from './session';

const served: TDisplaySettings = {
  colors: { primary: '#1D4ED8', secondary: '#0F766E', light: '#F8FAFC', dark: '#111827' },
  logo: { light: { fileName: 'served-light-logo.enc' }, dark: null },
  clientLogo: null,
};

let requested: string[] = [];

const shown = () => renderHook(() => useDisplaySettings()).result.current;

beforeEach(() => {
  requested = [];
  localStorage.clear();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    requested.push(String(input));
    // The envelope every answer has: the settings are its data.
    return new Response(JSON.stringify({ status: true, message: 'Branding', data: served }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('display settings', () => {
  it("are fetched with GET configurations/branding when none are cached, read from the answer's data, and cached", async () => {
    await loadDisplaySettings();
    expect(requested).toHaveLength(1);
    expect(requested[0]).toMatch(/\/api\/configurations\/branding$/);
    expect(shown()).toEqual(served);
    const cached = JSON.parse(localStorage.getItem(STORAGE_KEYS.displaySettings) ?? '{}') as TDisplaySettings;
    expect(cached.colors.primary).toBe('#1D4ED8');
  });

  it('are not fetched while a copy is cached', async () => {
    const mine = { ...served, colors: { ...served.colors, primary: '#7C2D12' }, cachedAt: Date.now() };
    localStorage.setItem(STORAGE_KEYS.displaySettings, JSON.stringify(mine));
    await loadDisplaySettings();
    expect(requested).toEqual([]);
    expect(shown().colors.primary).toBe('#7C2D12');
  });

  it('are fetched again when the cached copy is older than a day', async () => {
    const old = { ...served, colors: { ...served.colors, primary: '#7C2D12' }, cachedAt: Date.now() - 25 * 60 * 60 * 1000 };
    localStorage.setItem(STORAGE_KEYS.displaySettings, JSON.stringify(old));
    await loadDisplaySettings();
    expect(requested).toHaveLength(1);
    expect(shown().colors.primary).toBe('#1D4ED8');
  });
});
