// Bundles the server (and its CLI) with the workspace packages it imports, leaving every npm
// dependency external so native modules and WASM files load from node_modules as usual.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps', 'server');

const externalDependencies = {
  name: 'external-dependencies',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@sanad/') ? undefined : { path: args.path, external: true }));
  },
};

// Chunk names carry hashes: start from an empty folder so old chunks do not pile up.
rmSync(path.join(server, 'dist'), { recursive: true, force: true });

await build({
  entryPoints: { main: path.join(server, 'src', 'main.ts'), cli: path.join(server, 'src', 'cli.ts') },
  outdir: path.join(server, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // Dynamic imports (S3, SMTP) become separate chunks, loaded only when configured.
  splitting: true,
  plugins: [externalDependencies],
  logLevel: 'warning',
});
console.log('server built to apps/server/dist');
