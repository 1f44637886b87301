import { existsSync, readFileSync, rmSync } from 'node:fs';
import { STATE_FILE } from './environment';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { sanadMailSink?: { close: () => Promise<void> } }).sanadMailSink?.close();
  if (!existsSync(STATE_FILE)) return;
  const { pid, dataDir } = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as { pid: number; dataDir: string };
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
  // Give the server its graceful shutdown before removing the database under it.
  for (let waited = 0; waited < 10_000; waited += 200) {
    try {
      process.kill(pid, 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
    } catch {
      break;
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(STATE_FILE, { force: true });
}
