import { useCallback, useEffect, useRef, useState } from 'react';
import { Select } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { getActiveDataSegmentId, getToken, readTokenClaims, useSessionUser } from '../../lib/session';
import { switchDataSegment, useSegmentChoices } from '../../lib/data-segments';
import { toastError } from '../../lib/toast';
import { segmentToSync } from './segment-switch';

/**
 * The active data segment (001 §4), shown when the user may see more than one. Switching asks the
 * server for a token of the new segment, remembers the choice and reloads what is on screen.
 */
export function DataSegmentSwitcher() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const { data: choices } = useSegmentChoices();
  const [isSwitching, setSwitching] = useState(false);
  const active = getActiveDataSegmentId();
  const synced = useRef<string | null>(null);
  const userSegments = (user?.dataSegmentIds ?? []).join(',');

  const moveTo = useCallback(
    async (id: string, { quiet }: { quiet: boolean }): Promise<void> => {
      setSwitching(true);
      try {
        await switchDataSegment(id);
        await queryClient.invalidateQueries();
      } catch (error) {
        if (!quiet) toastError(error instanceof Error ? error.message : 'There is something wrong');
      } finally {
        setSwitching(false);
      }
    },
    [queryClient],
  );

  // The remembered segment may differ from the session's (chosen by the server at sign-in), or no
  // longer be offered; align both once, falling back to the first allowed segment. Never while a
  // switch is under way: its new token arrives before the choice is remembered.
  useEffect(() => {
    if (isSwitching) return;
    const sessionSegment = readTokenClaims(getToken())?.dataSegment?._id ?? null;
    const target = segmentToSync(choices ?? [], userSegments ? userSegments.split(',') : [], active, sessionSegment);
    if (!target || synced.current === target) return;
    synced.current = target;
    void moveTo(target, { quiet: true });
  }, [choices, userSegments, active, isSwitching, moveTo]);

  if (!choices || choices.length <= 1) return null;
  return (
    <Select
      aria-label="Active data segment"
      data={choices.map((choice) => ({ value: choice._id, label: choice.companyName }))}
      value={choices.some((choice) => choice._id === active) ? active : null}
      onChange={(value) => {
        if (value && value !== active) void moveTo(value, { quiet: false });
      }}
      allowDeselect={false}
      disabled={isSwitching}
      leftSection={<IconBuildingSkyscraper size={16} aria-hidden />}
      size="xs"
      w={220}
      visibleFrom="sm"
      data-testid="segment-switcher"
    />
  );
}
