/**
 * The dynamic register's address of a step: /:dataSegmentId/:token?/dynamic-register/<step>/:source?.
 * The step name comes before the optional source; upload-document is also the index (step null).
 */
export function dynamicRegisterPath(dataSegmentId: string, token: string | null, step: string | null, source?: string | null): string {
  const parts = [dataSegmentId, token, 'dynamic-register', step, source].filter(
    (part) => part !== null && part !== undefined && part !== '',
  );
  return `/${parts.join('/')}`;
}
