import { withDisplayDefaults, type DisplaySettings } from '@sanad/contracts/branding-defaults';
import type { Database } from '../../platform/db/database';
import { findDisplaySettings } from './branding.repository';

/** Colours and logos, with the product's defaults where a segment has set none. */
export function createBrandingService({ db }: { db: Database }) {
  return {
    async getDisplaySettings(dataSegmentId: string | null): Promise<DisplaySettings> {
      return withDisplayDefaults(await findDisplaySettings(db, dataSegmentId));
    },
  };
}

export type BrandingService = ReturnType<typeof createBrandingService>;
