import { describe, expect, it } from 'vitest';
import type { TCustomFieldSummary } from './form-builder';
import { customFactorCandidates, customFactorPage, fieldKeyOfPage } from './risk-custom-factors';

const summary = (key: string, type: TCustomFieldSummary['type'], options: string[] = []): TCustomFieldSummary => ({
  key,
  type,
  label: `Label of ${key}`,
  options: options.map((value) => ({ value, label: { en: value.toUpperCase() } })),
});

describe('custom-field risk factors', () => {
  it('offers select, multi-select and yes/no fields not already a factor, each with the values it starts with', () => {
    const fields = [
      summary('branch', 'select', ['lhr', 'khi']),
      summary('hasLocker', 'yes-no'),
      summary('languages', 'multi-select', ['ur']),
      summary('employer', 'text'),
      summary('dependants', 'number'),
      summary('segment', 'select', ['retail']),
    ];
    expect(customFactorCandidates(fields, new Set(['custom:segment', 'country']))).toEqual([
      {
        key: 'branch',
        label: 'Label of branch',
        type: 'select',
        values: [
          { code: 'lhr', title: 'LHR' },
          { code: 'khi', title: 'KHI' },
        ],
      },
      {
        key: 'hasLocker',
        label: 'Label of hasLocker',
        type: 'yes-no',
        values: [
          { code: 'yes', title: 'Yes' },
          { code: 'no', title: 'No' },
        ],
      },
      { key: 'languages', label: 'Label of languages', type: 'multi-select', values: [{ code: 'ur', title: 'UR' }] },
    ]);
  });

  it('reads the field key back from a value page name, and nothing from other pages', () => {
    expect(fieldKeyOfPage(customFactorPage('branch'))).toBe('branch');
    expect(fieldKeyOfPage('country')).toBeNull();
    expect(fieldKeyOfPage('custom-factor/')).toBeNull();
    expect(fieldKeyOfPage('custom-factor/not a key')).toBeNull();
  });
});
