import { useEffect, useSyncExternalStore } from 'react';
import { EMPTY_PUBLIC_LABEL, type TPublicLabel } from '@sanad/contracts/labeling';
import { LABELING_ENDPOINTS } from '@sanad/contracts/labeling.endpoints';
import { api } from './api';

/**
 * What a data segment's public onboarding screens show in place of the provider (its labeling),
 * read once per segment and page load. Kept here rather than in a query cache so the logo of any
 * public page can use it without a query client.
 */
const labels = new Map<string, TPublicLabel>();
const pending = new Set<string>();
const listeners = new Set<() => void>();

async function fetchLabel(dataSegmentId: string): Promise<void> {
  if (labels.has(dataSegmentId) || pending.has(dataSegmentId)) return;
  pending.add(dataSegmentId);
  try {
    const { data } = await api(LABELING_ENDPOINTS.publicLabel, { params: { dataSegmentId } });
    labels.set(dataSegmentId, data);
  } catch {
    // Without the label the provider's logo shows, as for a segment that has none.
    labels.set(dataSegmentId, EMPTY_PUBLIC_LABEL);
  } finally {
    pending.delete(dataSegmentId);
    for (const listener of listeners) listener();
  }
}

/** The segment's public label; null while it loads or when no segment is given. */
export function usePublicLabel(dataSegmentId: string | undefined): TPublicLabel | null {
  useEffect(() => {
    if (dataSegmentId) void fetchLabel(dataSegmentId);
  }, [dataSegmentId]);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (dataSegmentId ? (labels.get(dataSegmentId) ?? null) : null),
  );
}
