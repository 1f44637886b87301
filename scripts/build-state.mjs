// Whether the built app is older than its sources, so `npm start` builds only when needed.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.endsWith('.test.ts') || entry.name.endsWith('.test.tsx'))
      continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

const packageSources = () => readdirSync(path.join(root, 'packages')).map((name) => path.join(root, 'packages', name, 'src'));

export function staleParts() {
  const shared = Math.max(...packageSources().map(newestMtime), newestMtime(path.join(root, 'package-lock.json')));
  const serverBuilt = newestMtime(path.join(root, 'apps', 'server', 'dist', 'main.js'));
  const webBuilt = newestMtime(path.join(root, 'apps', 'web', 'dist', 'index.html'));
  const serverSources = Math.max(shared, newestMtime(path.join(root, 'apps', 'server', 'src')));
  const webSources = Math.max(
    shared,
    newestMtime(path.join(root, 'apps', 'web', 'src')),
    newestMtime(path.join(root, 'apps', 'web', 'index.html')),
    newestMtime(path.join(root, 'apps', 'web', 'vite.config.ts')),
  );
  return { server: serverBuilt < serverSources, web: webBuilt < webSources };
}
