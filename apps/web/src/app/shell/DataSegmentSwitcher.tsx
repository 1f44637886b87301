import { useCallback, useEffect, useRef, useState } from 'react';
import { Select } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TSegmentChoice } from '@sanad/contracts/data-segments';
import { getActiveDataSegmentId, getToken, readTokenClaims, useSessionUser } from '../../lib/session';
import { switchDataSegment, useSegmentChoices } from '../../lib/data-segments';
import { toastError } from '../../lib/toast';
import { segmentToSync } from './segment-switch';

export interface SegmentSwitch {
  choices: readonly TSegmentChoice[];
  active: string | null;
  isSwitching: boolean;
  moveTo: (id: string) => void;
}

/**
 * The active data segment (SH-55), used once by the shell. Switching asks the server for a token of
 * the new segment, remembers the choice and reloads what is on screen.
 */
export function useSegmentSwitch(): SegmentSwitch {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const { data: choices } = useSegmentChoices();
  const [isSwitching, setSwitching] = useState(false);
  const active = getActiveDataSegmentId();
  const synced = useRef<string | null>(null);
  const userSegments = (user?.dataSegmentIds ?? []).join(',');

  const switchTo = useCallback(
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
    void switchTo(target, { quiet: true });
  }, [choices, userSegments, active, isSwitching, switchTo]);

  return {
    choices: choices ?? [],
    active,
    isSwitching,
    moveTo: (id) => {
      if (id !== active) void switchTo(id, { quiet: false });
    },
  };
}

/** The segment select, shown when the user may see more than one segment. */
export function DataSegmentSwitcher({ segments, fullWidth = false }: { segments: SegmentSwitch; fullWidth?: boolean }) {
  const { choices, active, isSwitching, moveTo } = segments;
  if (choices.length <= 1) return null;
  return (
    <Select
      aria-label="Active data segment"
      data={choices.map((choice) => ({ value: choice._id, label: choice.companyName }))}
      value={choices.some((choice) => choice._id === active) ? active : null}
      onChange={(value) => {
        if (value) moveTo(value);
      }}
      allowDeselect={false}
      disabled={isSwitching}
      leftSection={<IconBuildingSkyscraper size={16} aria-hidden />}
      size={fullWidth ? 'sm' : 'xs'}
      w={fullWidth ? '100%' : 220}
      comboboxProps={{ withinPortal: true }}
      data-testid="segment-switcher"
    />
  );
}
