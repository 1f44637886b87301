import type { TAlertListItem } from '@sanad/contracts/alerts';

const HOUR_MS = 60 * 60 * 1000;

/** How long in words: minutes under an hour, hours under two days, else days. */
function span(ms: number): string {
  if (ms < HOUR_MS) return `${Math.max(1, Math.round(ms / 60_000))} min`;
  const hours = Math.round(ms / HOUR_MS);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

/**
 * An alert's SLA in words, for the list: 'Overdue by 5 h' once an open alert has passed its due
 * time, 'Due in 2 days' before, null without an SLA or once decided.
 */
export function slaText(alert: Pick<TAlertListItem, 'dueAt' | 'isOverdue' | 'state'>, now: Date = new Date()): string | null {
  if (alert.state !== 'open' || !alert.dueAt) return null;
  const left = Date.parse(alert.dueAt) - now.getTime();
  return alert.isOverdue ? `Overdue by ${span(-left)}` : `Due in ${span(left)}`;
}

/** The list marks overdue alerts (the server decides, with the segment's SLA). */
export const alertRowHighlight = (alert: Pick<TAlertListItem, 'isOverdue'>): 'danger' | null => (alert.isOverdue ? 'danger' : null);
