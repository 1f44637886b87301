/**
 * `sanad-idv <command> …`: each command prints exactly one JSON object on stdout. `read` ships with
 * the document engine; `face` and `liveness` are loaded when their modules are present in the build.
 */
import { CommandUnavailableError, UsageError } from './cli-errors';

export type CommandRunner = (args: string[]) => Promise<unknown>;

const USAGE = [
  'usage: sanad-idv <command> [arguments]',
  '  read <image> [--card-type T] [--card-side FRONT|BACK] [--card-types A,B] [--now YYYY-MM-DD] [--near-expiry-days N]',
  '  face <imageA> <imageB>',
  '  liveness <video>',
].join('\n');

const OPTIONAL_COMMANDS: Readonly<Record<string, string>> = {
  face: './face-command.ts',
  liveness: './liveness-command.ts',
};

function isMissingModule(error: unknown, url: string): boolean {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : '';
  // Only the command's own file being absent counts; a missing import inside it is a real error.
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && message.includes(url.replace(/^file:\/\//, '').replace(/\.ts$/, ''));
}

/** Loads a command module that may be absent from this build; `relativePath` is relative to this file. */
export async function loadOptionalCommand(command: string, relativePath: string): Promise<CommandRunner> {
  const url = new URL(relativePath, import.meta.url).href;
  let loaded: { run?: CommandRunner };
  try {
    loaded = (await import(url)) as { run?: CommandRunner };
  } catch (error) {
    if (isMissingModule(error, url)) throw new CommandUnavailableError(command);
    throw error;
  }
  if (typeof loaded.run !== 'function') throw new CommandUnavailableError(command);
  return loaded.run;
}

export async function resolveCommand(command: string): Promise<CommandRunner> {
  if (command === 'read') return (await import('./read-command')).run;
  const optional = OPTIONAL_COMMANDS[command];
  if (optional) return loadOptionalCommand(command, optional);
  throw new UsageError(`unknown command: ${command || '(none)'}`);
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
    return error instanceof UsageError || error instanceof CommandUnavailableError ? 2 : 1;
  }
}
