#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx, so the CLI works after a plain `npm install`
// with no build step. Everything else lives in src/cli/main.ts.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
