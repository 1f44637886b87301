/** Bad arguments: exit code 2 and the usage text. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A command whose module is not part of this build (exit code 2). */
export class CommandUnavailableError extends Error {
  constructor(command: string) {
    super(`command not available in this build: ${command}`);
    this.name = 'CommandUnavailableError';
  }
}
