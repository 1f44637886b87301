import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { toDay } from '../../lib/format';

export interface DayRange {
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The last 30 days up to today, as the activity dashboard starts. */
export function lastThirtyDays(today = new Date()): DayRange {
  return { from: toDay(dayjs(today).subtract(29, 'day').toDate()), to: toDay(today) };
}

/**
 * The page's range of days kept in the address (?from=YYYY-MM-DD&to=YYYY-MM-DD), so that a reload, back
 * or a shared link shows the same period; anything else in the address falls back to the last 30 days.
 */
export function useRangeInAddress(): [DayRange, (range: DayRange) => void] {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const range = useMemo(() => (from && to && DAY.test(from) && DAY.test(to) && from <= to ? { from, to } : lastThirtyDays()), [from, to]);
  const setRange = useCallback(
    (next: DayRange) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('from', next.from);
          updated.set('to', next.to);
          updated.delete('startAt');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [range, setRange];
}
