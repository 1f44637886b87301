// `npm start`: build what is out of date, then run the server (API, web app and jobs on one port).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { root, staleParts } from './build-state.mjs';

const stale = staleParts();
for (const [part, script] of [
  ['web', 'build:web'],
  ['server', 'build:server'],
]) {
  if (!stale[part]) continue;
  console.log(`Building the ${part === 'web' ? 'web app' : 'server'} (first start or sources changed)...`);
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps', 'server', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
});
// Pass stop signals on, so the server finishes in-flight requests and jobs before exiting.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
