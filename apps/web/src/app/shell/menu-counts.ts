import { useQuery } from '@tanstack/react-query';
import { ALERT_ENDPOINTS } from '@sanad/contracts/alerts.endpoints';
import { api } from '../../lib/api';
import type { HeaderMenuItem } from './header-menu';

const REFRESH_MS = 60_000;

/**
 * The header menu items with their count badges (dataLength): the Alerts item counts the alerts
 * waiting for the user's review level, or every open alert for a user without one. The count is
 * read only when the item is shown and refreshed every minute.
 */
export function useMenuCounts(items: readonly HeaderMenuItem[], scopes: readonly string[]): HeaderMenuItem[] {
  const hasAlerts = items.some((item) => item.name === 'alerts');
  const alerts = useQuery({
    queryKey: ['alerts', 'count'],
    queryFn: async () => (await api(ALERT_ENDPOINTS.count)).data,
    enabled: hasAlerts,
    refetchInterval: REFRESH_MS,
  });
  if (!hasAlerts || !alerts.data) return [...items];
  const hasLevel = scopes.some((scope) => scope === 'maker' || scope === 'checker' || scope === 'approver');
  const count = hasLevel ? alerts.data.awaitingMe : alerts.data.open;
  // No badge at zero: nothing waits.
  return items.map((item) => (item.name === 'alerts' && count > 0 ? { ...item, dataLength: count } : item));
}
