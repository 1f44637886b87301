import { describe, expect, it } from 'vitest';
import { GUIDE_VIDEO_TITLES, guideAssetKeys, parseGuideAsset } from './user-guide-catalogue';

describe('the user guide catalogue', () => {
  it('lists the standard and lite videos of the spec in order', () => {
    expect(GUIDE_VIDEO_TITLES.standard).toEqual([
      'How to Get Started',
      'Onboarding Individuals and Companies',
      'Bulk Upload Onboarding',
      'Handling Alerts and Reviewing Risk',
      'Profiles, Permissions and Admin Tools',
    ]);
    expect(GUIDE_VIDEO_TITLES.lite).toEqual([
      'Getting Started',
      'How to onboard customers',
      'Platform features',
      'Configurations, team members and system logs',
    ]);
  });

  it('has a video and a thumbnail slot per video and one manual per edition', () => {
    expect(guideAssetKeys('lite')).toEqual([
      'video-1',
      'video-2',
      'video-3',
      'video-4',
      'thumbnail-1',
      'thumbnail-2',
      'thumbnail-3',
      'thumbnail-4',
      'manual',
    ]);
    expect(parseGuideAsset('standard', 'video-5')).toEqual({ kind: 'video', slot: 5 });
    expect(parseGuideAsset('standard', 'manual')).toEqual({ kind: 'manual', slot: 0 });
    expect(parseGuideAsset('lite', 'video-5')).toBeNull();
    expect(parseGuideAsset('lite', 'poster-1')).toBeNull();
  });
});
