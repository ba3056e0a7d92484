import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { isBuiltin } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../../client/cli-build.ts';

// The command hook starts fast (docs/agents.md): the packed bin, dist/gatehouse.cjs, is the whole
// of `gatehouse hook` for Claude Code — one CommonJS file without zod, the SDK or the contract's
// schemas, under a byte budget — and running it loads neither another file of the package nor
// Node's undici (which the `fetch`/`Headers` globals load and compile on first touch, ≈ 60 ms).

/** Most of what the bin must never hold: zod, the SDK's client, the contract's schemas. */
const heavy = /node_modules\/zod|client\/sdk\/(client|http|errors|index)\.ts|shared\/contract\/(?!limits)/;
/** The bin's bytes, ≈ 19 KB today; zod alone is ≈ 250 KB. */
const binBudget = 24_000;

const builtCli = () =>
  buildCli({ outdir: join(tmpdir(), 'gatehouse-unused-dist'), version: '0.0.0', write: false });
const inputsOf = (outputs: Metafile['outputs'], paths: Iterable<string>) =>
  [...paths].flatMap((path) => Object.keys(outputs[path]!.inputs));

/** The output files Node loads when it starts from the chunks of `entries`: them and their static imports. */
function loadedFrom(outputs: Metafile['outputs'], entries: string[]): Set<string> {
  const entry = (name: string) =>
    Object.keys(outputs).find((path) => outputs[path]!.entryPoint?.endsWith(name))!;
  const loaded = new Set<string>();
  const visit = (path: string) => {
    if (loaded.has(path) || !outputs[path]) return;
    loaded.add(path);
    for (const imported of outputs[path]!.imports)
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  for (const name of entries) visit(entry(name));
  return loaded;
}

describe('the packed bin', () => {
  it('holds the Claude Code hook alone: no zod, no SDK, under the byte budget', async () => {
    const { bin } = await builtCli();
    const outputs = bin.metafile.outputs;
    const [path, output] = Object.entries(outputs).find(([name]) => name.endsWith('gatehouse.cjs'))!;
    expect(inputsOf(outputs, [path]).filter((input) => heavy.test(input))).toEqual([]);
    expect(output.bytes).toBeLessThan(binBudget);
    // Node's own modules, and the full CLI beside it for everything else, imported when needed.
    expect(output.imports.filter((imported) => !isBuiltin(imported.path))).toEqual([
      { path: './cli.mjs', kind: 'dynamic-import', external: true },
    ]);
  });

  it("the earlier versions' bin (gatehouse.mjs, named in settings they wrote) starts the hook without zod", async () => {
    const { rest } = await builtCli();
    const outputs = rest.metafile.outputs;
    // What Node loads for `gatehouse hook` there: the entry, the hook and exit chunks, their static imports.
    const loaded = loadedFrom(outputs, ['cli/bin.ts', 'cli/hook-command.ts', 'cli/exit.ts']);
    expect(inputsOf(outputs, loaded).filter((input) => heavy.test(input))).toEqual([]);
    expect([...loaded].reduce((sum, path) => sum + outputs[path]!.bytes, 0)).toBeLessThan(40_000);
  });
});

describe('the full CLI', () => {
  it("the other agents' hooks start without the shield's program catalogs (only demo and status need them)", async () => {
    const { rest } = await builtCli();
    const outputs = rest.metafile.outputs;
    const hooks = ['copilot', 'cursor', 'amp', 'opencode'].map((agent) => `cli/${agent}/hook.ts`);
    const loaded = loadedFrom(outputs, ['cli/main.ts', ...hooks]);
    const inputs = inputsOf(outputs, loaded);
    expect(inputs.some((input) => input.endsWith('client/cli/codex/hook.ts'))).toBe(true);
    expect(inputs.filter((input) => /shared\/(programs|shield|shell)\//.test(input))).toEqual([]);
    // ≈ 560 KB today, zod ≈ 390 KB of it; the catalogs alone would add ≈ 220 KB.
    expect([...loaded].reduce((sum, path) => sum + outputs[path]!.bytes, 0)).toBeLessThan(650_000);
  });
});

describe('the packed bin, run', () => {
  let dist = '';
  let relay: Server;
  let relayUrl = '';
  const allow = {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
      permissionDecisionReason: 'ok',
    },
  };
  // The system Node (20) where there is one: the packed CLI's oldest; else the one running the tests.
  const node = existsSync('/usr/bin/node') ? '/usr/bin/node' : process.execPath;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'gatehouse-unit-hook-bundle-'));
    await buildCli({ outdir: join(dist, 'full'), version: '0.0.0' });
    // The bin alone in a folder: what it reads for the hook must all be in it.
    await buildCli({ outdir: join(dist, 'alone'), version: '0.0.0' });
    for (const name of await readdir(join(dist, 'alone')))
      if (name !== 'gatehouse.cjs') await rm(join(dist, 'alone', name));
    // Node's internal modules loaded after start-up, written where the test reads them at exit.
    await writeFile(
      join(dist, 'loaded.cjs'),
      `const before = new Set(process.moduleLoadList);
process.on('exit', () => require('node:fs').writeFileSync(process.env.LOADED_TO,
  JSON.stringify(process.moduleLoadList.filter((name) => !before.has(name)))));
`,
    );
    relay = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json', 'gatehouse-attestation': 'x' });
        response.end(JSON.stringify(allow));
      });
    });
    await new Promise<void>((listening) => relay.listen(0, '127.0.0.1', listening));
    relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((closed) => relay?.close(closed));
    await rm(dist, { recursive: true, force: true });
  });

  const hookInput = JSON.stringify({
    session_id: 'unit-hook-bundle',
    hook_event_name: 'PreToolUse',
    tool_name: 'Read',
    tool_input: { file_path: '/work/README.md' },
    tool_use_id: 'toolu_unit_hook_bundle',
  });

  async function run(bin: string, args: string[], env: Record<string, string> = {}) {
    const loadedTo = join(dist, `loaded-${Math.random().toString(36).slice(2)}.json`);
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
      const child = execFile(
        node,
        ['-r', join(dist, 'loaded.cjs'), bin, ...args],
        {
          env: {
            PATH: '/usr/bin:/bin',
            HOME: dist,
            XDG_CONFIG_HOME: join(dist, 'config'),
            GATEHOUSE_URL: relayUrl,
            GATEHOUSE_TOKEN: 'gh_agent_unit',
            LOADED_TO: loadedTo,
            ...env,
          },
        },
        (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end(hookInput);
    });
    const loaded = JSON.parse(await readFile(loadedTo, 'utf8').catch(() => '[]')) as string[];
    return { ...result, loaded };
  }

  it('answers the Claude Code hook from its one file, without loading undici', async () => {
    const hook = await run(join(dist, 'alone/gatehouse.cjs'), ['hook']);
    expect(hook).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(hook.stdout)).toEqual(allow);
    expect(hook.loaded.filter((name) => /undici/.test(name))).toEqual([]);
    expect(hook.loaded.length).toBeGreaterThan(0);
  });

  it('the check can fail: a Headers touched on the way loads undici', async () => {
    const touches = join(dist, 'headers.cjs');
    await writeFile(touches, 'new Headers([["a", "b"]]);\n');
    const run_ = await run(touches, []);
    expect(run_.loaded.filter((name) => /undici/.test(name))).not.toEqual([]);
  });

  it('every other command, and a hook it does not take, goes to the full CLI beside it', async () => {
    const bin = join(dist, 'full/gatehouse.cjs');
    expect((await run(bin, ['--version'])).stdout).toBe('0.0.0\n');
    // Codex's hook is the full CLI's: it checks the answer with the SDK, and a Claude Code answer
    // from Codex's route is none of Codex's, so it denies (fails closed), in Codex's words.
    const codex = await run(bin, ['hook', '--agent', 'codex']);
    expect(codex.code).toBe(0);
    expect(JSON.parse(codex.stdout)).toMatchObject({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' },
    });
    expect(codex.stderr).toContain('gatehouse hook');
    // A relay whose keys are asked to be checked: the full CLI, which refuses an allow it cannot verify.
    const verifying = await run(bin, ['hook'], { GATEHOUSE_VERIFY: '1' });
    expect(verifying.code).toBe(0);
    expect(verifying.stdout).not.toContain('"allow"');
    // The lone bin has no full CLI to hand these to: it fails, it does not answer on its own.
    expect((await run(join(dist, 'alone/gatehouse.cjs'), ['--version'])).code).not.toBe(0);
    // Four starts of the full CLI: on a busy two-core machine each takes seconds.
  }, 60_000);
});
