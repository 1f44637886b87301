/** The user guide's editions, videos and file rules, without zod (the shell reads them). */
export const GUIDE_EDITIONS = ['standard', 'lite'] as const;
export type GuideEdition = (typeof GUIDE_EDITIONS)[number];

/** The guide videos of each edition, in the order the dialog lists them. */
export const GUIDE_VIDEO_TITLES: Record<GuideEdition, readonly string[]> = {
  standard: [
    'How to Get Started',
    'Onboarding Individuals and Companies',
    'Bulk Upload Onboarding',
    'Handling Alerts and Reviewing Risk',
    'Profiles, Permissions and Admin Tools',
  ],
  lite: ['Getting Started', 'How to onboard customers', 'Platform features', 'Configurations, team members and system logs'],
};

/** The video player's frame height in the guide dialog. */
export const GUIDE_FRAME_HEIGHT = 520;

export type GuideAssetKind = 'video' | 'thumbnail' | 'manual';

/**
 * What each kind of guide file may be, and the folder it is served from: manuals and videos from
 * files/users (signed-in), thumbnails from files/logo (public, like logos) (AD-94).
 */
export const GUIDE_ASSET_RULES: Record<GuideAssetKind, { extensions: readonly string[]; maxMegabytes: number; folder: 'users' | 'logo' }> =
  {
    video: { extensions: ['mp4', 'webm'], maxMegabytes: 50, folder: 'users' },
    thumbnail: { extensions: ['png', 'jpg', 'jpeg'], maxMegabytes: 2, folder: 'logo' },
    manual: { extensions: ['pdf'], maxMegabytes: 20, folder: 'users' },
  };

/** Asset keys: video-1 … video-n, thumbnail-1 … thumbnail-n, manual. */
export function guideAssetKeys(edition: GuideEdition): string[] {
  const count = GUIDE_VIDEO_TITLES[edition].length;
  const numbered = (kind: string) => Array.from({ length: count }, (_, index) => `${kind}-${index + 1}`);
  return [...numbered('video'), ...numbered('thumbnail'), 'manual'];
}

export function parseGuideAsset(edition: GuideEdition, asset: string): { kind: GuideAssetKind; slot: number } | null {
  if (!guideAssetKeys(edition).includes(asset)) return null;
  if (asset === 'manual') return { kind: 'manual', slot: 0 };
  const [kind, slot] = asset.split('-');
  return { kind: kind as GuideAssetKind, slot: Number(slot) };
}
