import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isGatehouseCodexHook } from '../../client/cli/codex/hooks-file.ts';
import { codexHooksPath, runInitCodex } from '../../client/cli/codex/init-command.ts';
import { codexHookHash, withTrust } from '../../client/cli/codex/trust.ts';

// `gatehouse init codex`: hooks.json entries written idempotently beside the user's own, and
// Codex's trust recorded for exactly those entries.

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'gatehouse-init-codex-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

const command = '/usr/bin/node /opt/gatehouse/gatehouse.mjs hook';
async function init(args: { remove?: boolean; trust?: boolean; dir?: string; onError?: 'none' } = {}) {
  const lines: string[] = [];
  const code = await runInitCodex(
    { ...args, command, codexHome: home, cwd: home },
    { print: (line) => lines.push(line), warn: (line) => lines.push(`warn: ${line}`) },
  );
  return { code, lines };
}
const hooksFile = async () => JSON.parse(await readFile(join(home, 'hooks.json'), 'utf8'));
const config = async () => readFile(join(home, 'config.toml'), 'utf8');

describe('which handlers are ours', () => {
  it.each([
    ['/usr/bin/node /opt/gatehouse/dist/gatehouse.cjs hook --agent codex', true],
    // The bin of earlier versions: an upgrade replaces its entries instead of adding beside them.
    ['/usr/bin/node /opt/gatehouse/dist/gatehouse.mjs hook --agent codex', true],
    ['gatehouse hook --agent codex --on-error none', true],
    ['/usr/bin/node /opt/gatehouse/dist/gatehouse.cjs hook', false],
    ['/usr/bin/node /opt/not-gatehouse.cjs hook --agent codex', false],
  ])('%s: %s', (command, ours) => {
    expect(isGatehouseCodexHook({ type: 'command', command })).toBe(ours);
  });
});

describe('the trust hash', () => {
  // Hashes the real Codex 0.171.0 reported for these entries (`codex app-server`, `hooks/list`).
  it.each([
    [
      'PreToolUse',
      '*',
      '/usr/bin/node /x/gatehouse.mjs hook --agent codex',
      390,
      'e9d1dc614b34e98227815c2c880232f9562bb76c471484d086a2cb11f7a0e44e',
    ],
    [
      'PermissionRequest',
      undefined,
      'echo hi',
      600,
      '627d5479bfc3fc09415e10ece2e91756f584fcc0076ca6e31e55cd0bab0090b5',
    ],
    [
      'UserPromptSubmit',
      undefined,
      'echo hi',
      5,
      'c84163e232e754e50a34ceb5974474e1c22b7f4d562b198ff40bbcdd0928ffac',
    ],
  ] as const)('is Codex’s own for %s', (event, matcher, hookCommand, timeout, hex) => {
    const hash = codexHookHash({
      event,
      matcher,
      groupIndex: 0,
      handlerIndex: 0,
      hook: { type: 'command', command: hookCommand, timeout },
    });
    expect(hash).toBe(`sha256:${hex}`);
  });
});

describe('gatehouse init codex', () => {
  it('writes the entries with a timeout above the relay wait, and says how to approve them', async () => {
    const { lines } = await init();
    const file = await hooksFile();
    expect(Object.keys(file.hooks)).toEqual(['PreToolUse', 'PermissionRequest', 'PostToolUse']);
    expect(file.hooks.PreToolUse).toEqual([
      { matcher: '*', hooks: [{ type: 'command', command: `${command} --agent codex`, timeout: 360 }] },
    ]);
    expect(lines.join('\n')).toContain(`Wrote Gatehouse hooks in ${join(home, 'hooks.json')}`);
    expect(lines.join('\n')).toMatch(/open \/hooks and approve/);
    expect(existsSync(join(home, 'config.toml'))).toBe(false);
  });

  it('twice is the same file, and says so', async () => {
    await init({ trust: true });
    const first = await readFile(join(home, 'hooks.json'), 'utf8');
    const firstConfig = await config();
    const { lines } = await init({ trust: true });
    expect(await readFile(join(home, 'hooks.json'), 'utf8')).toBe(first);
    expect(await config()).toBe(firstConfig);
    expect(lines[0]).toMatch(/^Already in place, unchanged/);
  });

  it('keeps the rest of the file: other hooks, groups, events and keys', async () => {
    const own = {
      something: { kept: true },
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'my-audit', timeout: 5 }] }],
        Stop: [{ hooks: [{ type: 'command', command: 'notify-send done' }] }],
      },
    };
    await writeFile(join(home, 'hooks.json'), JSON.stringify(own));
    await init();
    const file = await hooksFile();
    expect(file.something).toEqual({ kept: true });
    expect(file.hooks.Stop).toEqual(own.hooks.Stop);
    expect(file.hooks.PreToolUse[0]).toEqual(own.hooks.PreToolUse[0]);
    expect(file.hooks.PreToolUse[1].hooks[0].command).toBe(`${command} --agent codex`);
    await init({ remove: true });
    expect(await hooksFile()).toEqual(own);
  });

  it('--trust records the hash of exactly the entries written, at their keys, beside the rest of config.toml', async () => {
    await writeFile(
      join(home, 'config.toml'),
      'model = "gpt-5.5"\n\n[hooks.state."/elsewhere/hooks.json:stop:0:0"]\ntrusted_hash = "sha256:other"\n',
    );
    await init({ trust: true });
    const text = await config();
    expect(
      text.startsWith(
        'model = "gpt-5.5"\n\n[hooks.state."/elsewhere/hooks.json:stop:0:0"]\ntrusted_hash = "sha256:other"\n',
      ),
    ).toBe(true);
    const path = join(home, 'hooks.json');
    for (const [event, index] of [
      ['pre_tool_use', 0],
      ['permission_request', 0],
      ['post_tool_use', 0],
    ] as const)
      expect(text).toContain(
        `[hooks.state.${JSON.stringify(`${path}:${event}:${index}:0`)}]\ntrusted_hash = "sha256:`,
      );
    // --on-error none changes the command, so the hash: the old trust is replaced, not kept.
    await init({ trust: true, onError: 'none' });
    const after = await config();
    expect(after).not.toBe(text);
    expect(after.match(/trusted_hash/g)).toHaveLength(4);
    // --remove takes our trust out and leaves the other.
    await init({ remove: true });
    expect(await config()).toBe(
      'model = "gpt-5.5"\n\n[hooks.state."/elsewhere/hooks.json:stop:0:0"]\ntrusted_hash = "sha256:other"\n',
    );
  });

  it('never edits a trust state it did not write, nor an inline table', () => {
    const key = '/h/hooks.json:pre_tool_use:0:0';
    const foreign = `[hooks.state]\n"${key}" = { trusted_hash = "sha256:x" }\n`;
    expect(withTrust(foreign, [{ key, hash: 'sha256:y' }])).toMatchObject({ text: foreign, changed: [] });
    expect(() => withTrust('hooks = { state = {} }\n', [{ key, hash: 'sha256:y' }])).toThrow(/inline table/);
    const ours = `[hooks.state."${key}"]\ntrusted_hash = "sha256:x"\nenabled = true\n`;
    // Untrusting a table with more in it takes out only the hash; another hook's trust stays.
    expect(withTrust(ours, [{ key, hash: undefined, only: 'sha256:x' }]).text).toBe(
      `[hooks.state."${key}"]\nenabled = true\n`,
    );
    expect(withTrust(ours, [{ key, hash: undefined, only: 'sha256:z' }]).text).toBe(ours);
  });

  it('--dir writes D/.codex/hooks.json and says Codex must trust the project', async () => {
    const { lines } = await init({ dir: 'project' });
    expect(existsSync(join(home, 'project', '.codex', 'hooks.json'))).toBe(true);
    expect(lines.join('\n')).toContain('trust_level = "trusted"');
    expect(() => codexHooksPath({ user: true, dir: 'x', codexHome: home, cwd: home })).toThrow(/pick one/);
  });

  it('--remove on a missing file changes nothing', async () => {
    const { lines } = await init({ remove: true });
    expect(lines[0]).toMatch(/nothing changed/);
    expect(existsSync(join(home, 'hooks.json'))).toBe(false);
  });
});
