/**
 * A crash test names a point in the code (SANAD_TEST_CRASH_AFTER, honoured only when NODE_ENV=test);
 * the process kills itself there with SIGKILL, as a power cut or `kill -9` would, so the test can
 * restart it and show that the work still completes. Elsewhere the point does nothing.
 */
export type CrashPoint = (point: string) => void;

export function createCrashPoint(armedAt: string | null): CrashPoint {
  if (!armedAt) return () => undefined;
  return (point) => {
    if (point === armedAt) process.kill(process.pid, 'SIGKILL');
  };
}
