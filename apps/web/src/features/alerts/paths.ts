/** Where the alert screens live. */
export const ALERT_LIST_PATH = '/insights/alerts';

/** One alert's page, under the alert list. */
export function alertPath(id: string): string {
  return `${ALERT_LIST_PATH}/${encodeURIComponent(id)}`;
}
