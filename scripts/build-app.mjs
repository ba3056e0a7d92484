// wrangler.toml's [build] command: wrangler runs it before it bundles the Worker and uploads the
// assets, so `npx wrangler deploy` from a fresh clone uploads /app's pages, as `npm run deploy`
// does. Wrangler names its command in WRANGLER_COMMAND: a deploy (or `versions upload`, or a
// dry run) always builds /app afresh; `wrangler dev` — `npm start`, `npm run dev` and every test
// relay — builds it only when it was never built, since `npm start` and `npm test` build first
// and a rebuild would empty the folder under a running relay.
// Plain JavaScript: wrangler runs it with whatever `node` is first on PATH.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = existsSync(fileURLToPath(new URL('../worker/app/dist/app/index.html', import.meta.url)));
if (process.env.WRANGLER_COMMAND === 'dev' && built) process.exit(0);

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = spawnSync(npm, ['run', 'build:app', '--silent'], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
