import { describe, expect, it } from 'vitest';
import { CONFIGURATION_GROUPS, CONFIGURATION_PERMISSIONS, visibleConfigurationGroups } from './sections';

const everyPage = () => true;
const labels = (scopes: string[], isRouted: (path: string) => boolean = everyPage) =>
  visibleConfigurationGroups(scopes, isRouted).flatMap((group) => group.sections.map((section) => section.label));

describe('configuration sections', () => {
  it('lists only the sections the role opens', () => {
    expect(labels(['sanad-engine'])).toEqual(['Risk engine']);
    expect(labels(['view-screening-data', 'idv-configurations'])).toEqual(['Screening data', 'IDV configuration']);
    expect(labels([])).toEqual([]);
  });

  it('leaves out sections whose page does not exist yet, and groups left empty', () => {
    const groups = visibleConfigurationGroups(['configurations', 'branding'], (path) => path === '/configuration/user-guide');
    expect(groups).toEqual([{ label: 'Appearance and help', sections: [expect.objectContaining({ key: 'user-guide' })] }]);
  });

  it('lists labeling only with both the labeling permission and the white-labelling scope of the segment', () => {
    expect(labels(['labeling'])).toEqual([]);
    expect(labels(['white-labelling'])).toEqual([]);
    expect(labels(['labeling', 'white-labelling', 'branding'])).toEqual(['Branding', 'Labeling']);
  });

  it('gives every section a one-line description and a permission of the home', () => {
    for (const section of CONFIGURATION_GROUPS.flatMap((group) => group.sections)) {
      expect(section.description.length).toBeGreaterThan(20);
      expect(section.permissions.every((permission) => CONFIGURATION_PERMISSIONS.includes(permission))).toBe(true);
    }
  });
});
