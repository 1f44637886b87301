#!/usr/bin/env node
// Runs the TypeScript CLI straight from source through tsx, so the bin works after a plain
// `npm install` with no build step.
import { tsImport } from 'tsx/esm/api';

const { runScreenCli } = await tsImport('../src/cli/screen-cli.ts', import.meta.url);
process.exitCode = await runScreenCli(process.argv.slice(2), {
  write: (text) => process.stdout.write(text),
  error: (text) => process.stderr.write(text),
});
