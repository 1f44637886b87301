/** `sanad-idv <command> …`: each command prints exactly one JSON object on stdout. */
import { UsageError } from './cli-errors';

export type CommandRunner = (args: string[]) => Promise<unknown>;

const USAGE = [
  'usage: sanad-idv <command> [arguments]',
  '  read <image> [--card-type T] [--card-side FRONT|BACK] [--card-types A,B] [--now YYYY-MM-DD] [--near-expiry-days N]',
  '  face <imageA> <imageB>',
  '  liveness <video>',
].join('\n');

// Each command loads its engine on demand: reading a document never loads the face models.
const COMMANDS: Readonly<Record<string, () => Promise<CommandRunner>>> = {
  read: async () => (await import('./read-command')).run,
  face: async () => (await import('./face-command')).run,
  liveness: async () => (await import('./liveness-command')).run,
};

export async function resolveCommand(command: string): Promise<CommandRunner> {
  const load = COMMANDS[command];
  if (!load) throw new UsageError(`unknown command: ${command || '(none)'}`);
  return load();
}

/** Returns the process exit code: 0 on success, 2 for usage errors and unavailable commands, 1 otherwise. */
export async function main(argv: string[]): Promise<number> {
  const [command = '', ...args] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    const run = await resolveCommand(command);
    const output = await run(args);
    process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${JSON.stringify({ error: message })}\n`);
    if (error instanceof UsageError) process.stderr.write(`${USAGE}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}
