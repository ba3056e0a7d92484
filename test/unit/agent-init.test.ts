import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInitAgent } from '../../client/cli/init-agents.ts';

// `gatehouse init copilot|cursor|amp`: writes exactly Gatehouse's entries, prints exactly what it
// wrote, changes nothing on a second run, and --remove gives the user's file back as it was.

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gatehouse-unit-agent-init-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const command = '"/usr/bin/node" "/opt/gatehouse/dist/gatehouse.mjs" hook';

async function init(
  agent: 'copilot' | 'cursor' | 'amp',
  extra: {
    remove?: boolean;
    onError?: 'ask';
    user?: boolean;
    timeoutSeconds?: number;
    command?: string;
  } = {},
) {
  const lines: string[] = [];
  const code = await runInitAgent(
    agent,
    { dir: extra.user ? undefined : dir, command, home: join(dir, 'home'), env: {}, cwd: dir, ...extra },
    { print: (line) => lines.push(line), warn: (line) => lines.push(`warn: ${line}`) },
  );
  expect(code).toBe(0);
  return lines;
}

/** The JSON init printed after its first line, exactly as it says it wrote it. */
const printed = (lines: string[]) => {
  const end = lines.findIndex((line, index) => index > 0 && !line.startsWith('  '));
  return JSON.parse(lines.slice(1, end === -1 ? undefined : end).join('\n'));
};

const files = {
  copilot: () => join(dir, '.github', 'hooks', 'gatehouse.json'),
  cursor: () => join(dir, '.cursor', 'hooks.json'),
  amp: () => join(dir, '.amp', 'settings.json'),
};

/** What each agent's file held before init: the user's own entries, kept through init and --remove. */
const theirs = {
  copilot: {
    version: 1,
    hooks: {
      sessionStart: [{ type: 'command', bash: './log.sh' }],
      preToolUse: [{ type: 'command', bash: './lint.sh' }],
    },
  },
  cursor: {
    version: 1,
    hooks: { afterFileEdit: [{ command: './format.sh' }], beforeShellExecution: [{ command: './audit.sh' }] },
  },
  amp: { 'amp.notifications.enabled': false, 'amp.permissions': [{ tool: 'Read', action: 'allow' }] },
};

describe.each(['copilot', 'cursor', 'amp'] as const)('init %s', (agent) => {
  it('writes, prints exactly what it wrote, and a second run changes nothing', async () => {
    const lines = await init(agent);
    expect(lines[0]).toBe(`Wrote ${files[agent]()}:`);
    const file = JSON.parse(await readFile(files[agent](), 'utf8'));
    const shown = printed(lines);
    // Everything printed is in the file as printed.
    expect(file).toMatchObject(shown);
    const text = await readFile(files[agent](), 'utf8');
    const again = await init(agent);
    expect(again[0]).toBe(`Already in place, unchanged: ${files[agent]()}:`);
    expect(await readFile(files[agent](), 'utf8')).toBe(text);
  });

  it("keeps the user's own entries, and --remove gives the file back as it was", async () => {
    await mkdir(join(files[agent](), '..'), { recursive: true });
    const original = `${JSON.stringify(theirs[agent], null, 2)}\n`;
    await writeFile(files[agent](), original);
    await init(agent);
    const written = JSON.parse(await readFile(files[agent](), 'utf8'));
    expect(JSON.stringify(written)).toContain('gatehouse.mjs');
    expect(JSON.stringify(written)).toContain(agent === 'amp' ? 'Read' : './');
    await init(agent, { onError: 'ask' });
    expect(JSON.stringify(JSON.parse(await readFile(files[agent](), 'utf8')))).toContain('--on-error ask');
    const removed = await init(agent, { remove: true });
    expect(removed[0]).toBe(`Removed Gatehouse's entries from ${files[agent]()}.`);
    expect(await readFile(files[agent](), 'utf8')).toBe(original);
  });

  it('the entry an earlier version wrote (its bin was dist/gatehouse.mjs) is replaced, and --remove finds it', async () => {
    const earlier = '"/usr/bin/node" "/opt/gatehouse/dist/gatehouse.mjs" hook';
    const now = '"/usr/bin/node" "/opt/gatehouse/dist/gatehouse.cjs" hook';
    await init(agent, { command: earlier });
    await init(agent, { command: now });
    const text = await readFile(files[agent](), 'utf8');
    expect(text).not.toContain('gatehouse.mjs');
    const fresh = join(dir, 'fresh');
    await mkdir(fresh);
    await runInitAgent(
      agent,
      { dir: fresh, command: now, home: join(dir, 'home'), env: {}, cwd: fresh },
      { print: () => undefined, warn: () => undefined },
    );
    // One entry of ours, as a first run of this version writes it.
    expect(text).toBe(await readFile(files[agent]().replace(dir, fresh), 'utf8'));
    await init(agent, { command: earlier });
    await init(agent, { remove: true, command: now });
    expect(existsSync(files[agent]())).toBe(false);
  });

  it('--remove of a file that held only Gatehouse takes the file away; again, nothing changes', async () => {
    await init(agent);
    expect(await init(agent, { remove: true })).toEqual([
      `Removed ${files[agent]()} (it held only Gatehouse's entries).`,
    ]);
    expect(existsSync(files[agent]())).toBe(false);
    expect(await init(agent, { remove: true })).toEqual([
      `No Gatehouse entries in ${files[agent]()}; nothing changed.`,
    ]);
  });

  it('refuses a file that is not JSON, and leaves it', async () => {
    await mkdir(join(files[agent](), '..'), { recursive: true });
    await writeFile(files[agent](), '{ not json');
    await expect(init(agent)).rejects.toThrow(/is not valid JSON.*left as it is/);
    expect(await readFile(files[agent](), 'utf8')).toBe('{ not json');
  });
});

describe('each agent’s entries', () => {
  it('Copilot: version 1, preToolUse and permissionRequest, timeoutSec above the hook’s own deadline', async () => {
    await init('copilot', { timeoutSeconds: 60 });
    const file = JSON.parse(await readFile(files.copilot(), 'utf8'));
    const entry = { type: 'command', bash: `${command} --agent copilot --timeout 60`, timeoutSec: 90 };
    expect(file).toEqual({ version: 1, hooks: { preToolUse: [entry], permissionRequest: [entry] } });
  });

  it('Copilot --user: $COPILOT_HOME/hooks', async () => {
    const lines = await init('copilot', { user: true });
    expect(lines[0]).toBe(`Wrote ${join(dir, 'home', '.copilot', 'hooks', 'gatehouse.json')}:`);
  });

  it('Cursor: every entry fails closed, with a timeout above the hook’s own deadline', async () => {
    await init('cursor');
    const file = JSON.parse(await readFile(files.cursor(), 'utf8'));
    const entries = Object.values(file.hooks).flat() as Array<Record<string, unknown>>;
    expect(Object.keys(file.hooks).sort()).toEqual([
      'beforeMCPExecution',
      'beforeReadFile',
      'beforeShellExecution',
      'preToolUse',
    ]);
    for (const entry of entries)
      expect(entry).toMatchObject({ command: `${command} --agent cursor`, failClosed: true, timeout: 360 });
  });

  // Amp's documented places (ampcode.com/manual, "Configuration"; its CLI's native binary is not
  // installable from the registry here, and it runs only signed in to ampcode.com): the user's
  // settings in ~/.config/amp/settings.json, a workspace's in .amp/settings.json, flat keys.
  it('Amp --user: $XDG_CONFIG_HOME/amp/settings.json (default ~/.config), the flat "amp.permissions" key', async () => {
    await runInitAgent(
      'amp',
      { user: true, command, home: join(dir, 'home'), env: {}, cwd: dir },
      { print: () => {}, warn: () => {} },
    );
    const user = JSON.parse(await readFile(join(dir, 'home', '.config', 'amp', 'settings.json'), 'utf8'));
    expect(user).toEqual({
      'amp.permissions': [{ tool: '*', action: 'delegate', to: `${command} --agent amp` }],
    });
    await runInitAgent(
      'amp',
      { user: true, command, home: join(dir, 'home'), env: { XDG_CONFIG_HOME: join(dir, 'xdg') }, cwd: dir },
      { print: () => {}, warn: () => {} },
    );
    expect(existsSync(join(dir, 'xdg', 'amp', 'settings.json'))).toBe(true);
  });

  it('Amp: without --dir or --user it prints the rule and writes nothing; the rule goes first', async () => {
    const lines: string[] = [];
    await runInitAgent(
      'amp',
      { command, home: join(dir, 'home'), env: {}, cwd: dir },
      { print: (l) => lines.push(l), warn: (l) => lines.push(l) },
    );
    expect(printed(lines)).toEqual({
      'amp.permissions': [{ tool: '*', action: 'delegate', to: `${command} --agent amp` }],
    });
    expect(existsSync(files.amp())).toBe(false);
    await mkdir(join(files.amp(), '..'), { recursive: true });
    await writeFile(files.amp(), JSON.stringify(theirs.amp));
    await init('amp');
    const rules = JSON.parse(await readFile(files.amp(), 'utf8'))['amp.permissions'];
    expect(rules[0]).toEqual({ tool: '*', action: 'delegate', to: `${command} --agent amp` });
    expect(rules[1]).toEqual({ tool: 'Read', action: 'allow' });
  });
});

describe('init opencode', () => {
  const path = () => join(dir, '.opencode', 'plugin', 'gatehouse.js');
  const run = async (extra: { remove?: boolean } = {}) => {
    const { runInitOpenCode } = await import('../../client/cli/opencode/init.ts');
    const lines: string[] = [];
    await runInitOpenCode(
      {
        dir,
        argv: ['/usr/bin/node', '/opt/gatehouse/dist/gatehouse.mjs', 'hook'],
        home: join(dir, 'home'),
        env: {},
        cwd: dir,
        ...extra,
      },
      { print: (line) => lines.push(line) },
    );
    return lines;
  };

  it('writes the plugin, prints it exactly, changes nothing on a second run; --remove takes it away', async () => {
    const lines = await run();
    const text = await readFile(path(), 'utf8');
    expect(lines[0]).toBe(`Wrote ${path()}:`);
    expect(
      lines
        .slice(1, -1)
        .map((line) => line.slice(2))
        .join('\n'),
    ).toBe(text.replace(/\n$/, ''));
    expect(text).toContain(
      '["/usr/bin/node","/opt/gatehouse/dist/gatehouse.mjs","hook","--agent","opencode"]',
    );
    expect((await run())[0]).toBe(`Already in place, unchanged: ${path()}:`);
    expect(await readFile(path(), 'utf8')).toBe(text);
    expect(await run({ remove: true })).toEqual([`Removed ${path()}.`]);
    expect(existsSync(path())).toBe(false);
    expect(await run({ remove: true })).toEqual([`No Gatehouse plugin at ${path()}; nothing changed.`]);
  });

  it("leaves a plugin of that name that is not Gatehouse's", async () => {
    await mkdir(join(path(), '..'), { recursive: true });
    await writeFile(path(), 'export const Mine = async () => ({});\n');
    await expect(run()).rejects.toThrow(/not Gatehouse's plugin/);
    await expect(run({ remove: true })).rejects.toThrow(/not Gatehouse's plugin/);
    expect(await readFile(path(), 'utf8')).toBe('export const Mine = async () => ({});\n');
  });
});
