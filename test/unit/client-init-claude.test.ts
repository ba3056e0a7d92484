import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hookTimeouts } from '../../client/cli/hook.ts';
import {
  claudeSettingsPath,
  describeInit,
  type GatehouseHook,
  gatehouseHookType,
  hookCommand,
  initClaude,
  withGatehouseHooks,
} from '../../client/cli/init-claude.ts';

const command = hookCommand('/opt/clone/node_modules/.bin/node', '/opt/clone/client/cli/gatehouse.mjs');
const http: GatehouseHook = { type: 'http', relayUrl: 'https://relay.example.com' };
const commandHook: GatehouseHook = { type: 'command', command };

const httpEntryAt = (route: string, timeout: number) => ({
  type: 'http',
  url: `https://relay.example.com/api/v1/hooks/claude/${route}`,
  headers: { Authorization: 'Bearer $GATEHOUSE_TOKEN' },
  allowedEnvVars: ['GATEHOUSE_TOKEN'],
  timeout,
});
const httpEntry = httpEntryAt('pre-tool-use', 360);
const commandEntry = { type: 'command', command, timeout: 360 };
const recordCommandEntry = { ...commandEntry, timeout: 10 };

/**
 * Every event init writes, in order, with its group's matcher and our entry: PreToolUse may wait
 * for a human (360 s, above the relay's 300 s wait); the events that decide nothing get 10 s.
 */
const installedEvents = (kind: 'http' | 'command') =>
  [
    ['PreToolUse', '*', kind === 'http' ? httpEntry : commandEntry],
    ['PostToolUse', '*', kind === 'http' ? httpEntryAt('post-tool-use', 10) : recordCommandEntry],
    ['PostToolUseFailure', '*', kind === 'http' ? httpEntryAt('post-tool-use', 10) : recordCommandEntry],
    [
      'UserPromptSubmit',
      undefined,
      kind === 'http' ? httpEntryAt('user-prompt-submit', 10) : recordCommandEntry,
    ],
    ['SessionEnd', undefined, kind === 'http' ? httpEntryAt('session-end', 10) : recordCommandEntry],
  ] as const;
const eventNames = installedEvents('http').map(([event]) => event);
const group = (matcher: string | undefined, entry: object) =>
  matcher === undefined ? { hooks: [entry] } : { matcher, hooks: [entry] };
/** The settings `hooks` init writes into an empty file. */
const hooksAlone = (kind: 'http' | 'command') =>
  Object.fromEntries(
    installedEvents(kind).map(([event, matcher, entry]) => [event, [group(matcher, entry)]]),
  );

/** A settings file with a bit of everything a user keeps there, none of it Gatehouse's. */
const existing = {
  $schema: 'https://json.schemastore.org/claude-code-settings.json',
  permissions: { allow: ['Bash(npm test:*)'], deny: ['Read(./.env)'], defaultMode: 'acceptEdits' },
  env: { FOO: 'bar' },
  hooks: {
    PreToolUse: [
      { matcher: 'Bash', hooks: [{ type: 'command', command: './check-bash.sh' }] },
      { matcher: 'Write', hooks: [{ type: 'http', url: 'https://audit.example.com/hook', timeout: 5 }] },
    ],
    PostToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'npx biome format' }] }],
    Stop: [{ hooks: [{ type: 'command', command: 'notify-send done' }] }],
  },
  model: 'opus',
  somethingNew: { nested: [1, 2, { deep: true }] },
};
const existingText = `${JSON.stringify(existing, null, 2)}\n`;

let dir: string;
let path: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gatehouse-init-'));
  path = join(dir, '.claude', 'settings.json');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const writeSettings = async (text: string) => {
  await mkdir(join(dir, '.claude'), { recursive: true });
  await writeFile(path, text);
};
const readSettings = async () => JSON.parse(await readFile(path, 'utf8'));

/** Every Gatehouse hook entry anywhere in the settings, as [event, entry]. */
const gatehouseEntries = (settings: { hooks?: Record<string, Array<{ hooks: unknown[] }>> }) =>
  Object.entries(settings.hooks ?? {}).flatMap(([event, groups]) =>
    groups.flatMap((group) =>
      group.hooks.filter((hook) => gatehouseHookType(hook)).map((hook) => [event, hook] as const),
    ),
  );

describe('gatehouse init claude', () => {
  it.each([
    ['HTTP', http, 'http'],
    ['command', commandHook, 'command'],
  ] as const)(
    '%s, run twice on a settings file with content: the same bytes, everything else kept',
    async (_kind, hook, kind) => {
      await writeSettings(existingText);
      const first = await initClaude(path, hook);
      expect(first).toMatchObject({ path, changed: true, removed: [] });
      expect(first.written).toEqual(installedEvents(kind).map(([event, , entry]) => ({ event, entry })));
      const once = await readFile(path, 'utf8');
      const second = await initClaude(path, hook);
      expect(second.changed).toBe(false);
      expect(await readFile(path, 'utf8')).toBe(once);

      const settings = JSON.parse(once);
      // Same keys in the same order; every value but `hooks` as it was.
      expect(Object.keys(settings)).toEqual(Object.keys(existing));
      expect({ ...settings, hooks: undefined }).toEqual({ ...existing, hooks: undefined });
      // The user's own events keep their place and their groups first; ours is one group of its
      // own after them; events new to the file come after the user's.
      expect(Object.keys(settings.hooks)).toEqual([
        'PreToolUse',
        'PostToolUse',
        'Stop',
        'PostToolUseFailure',
        'UserPromptSubmit',
        'SessionEnd',
      ]);
      const [pre, post, failure, prompt, end] = installedEvents(kind);
      expect(settings.hooks).toEqual({
        PreToolUse: [...existing.hooks.PreToolUse, group(pre[1], pre[2])],
        PostToolUse: [...existing.hooks.PostToolUse, group(post[1], post[2])],
        Stop: existing.hooks.Stop,
        PostToolUseFailure: [group(failure[1], failure[2])],
        UserPromptSubmit: [group(prompt[1], prompt[2])],
        SessionEnd: [group(end[1], end[2])],
      });
      expect(gatehouseEntries(settings)).toHaveLength(5);
      expect(once).toBe(`${JSON.stringify(settings, null, 2)}\n`);
    },
  );

  it.each([
    [
      'HTTP',
      http,
      'Wrote Gatehouse HTTP hooks',
      (route: string) => `POST https://relay.example.com/api/v1/hooks/claude/${route}`,
    ],
    ['command', commandHook, 'Wrote Gatehouse command hooks', () => `runs ${command}`],
  ])(
    '%s: the summary names exactly the events written, each with its target and timeout',
    async (_kind, hook, head, target) => {
      const result = await initClaude(path, hook);
      expect(describeInit(result, false)).toEqual([
        `${head} in ${path}:`,
        `  PreToolUse: ${target('pre-tool-use')} (timeout 360 s)`,
        `  PostToolUse: ${target('post-tool-use')} (timeout 10 s)`,
        `  PostToolUseFailure: ${target('post-tool-use')} (timeout 10 s)`,
        `  UserPromptSubmit: ${target('user-prompt-submit')} (timeout 10 s)`,
        `  SessionEnd: ${target('session-end')} (timeout 10 s)`,
      ]);
      const settings = await readSettings();
      expect(Object.keys(settings.hooks)).toEqual(result.written.map(({ event }) => event));
    },
  );

  it('the timeout Claude Code waits is above the relay wait and the hook giving up', () => {
    expect(httpEntry.timeout).toBe(hookTimeouts.settingsSeconds);
    expect(hookTimeouts.settingsSeconds).toBeGreaterThan(hookTimeouts.giveUpSeconds);
    expect(hookTimeouts.giveUpSeconds).toBeGreaterThan(hookTimeouts.relayWaitSeconds);
  });

  it.each([
    ['HTTP', http],
    ['command', commandHook],
  ])('--remove after %s gives back the file as it was, byte for byte', async (_kind, hook) => {
    await writeSettings(existingText);
    await initClaude(path, hook);
    const removed = await initClaude(path, undefined);
    expect(removed.removed).toEqual(eventNames.map((event) => ({ event, type: hook.type })));
    expect(await readFile(path, 'utf8')).toBe(existingText);
    // Nothing of ours left: a second --remove changes nothing and says so.
    const again = await initClaude(path, undefined);
    expect(again).toMatchObject({ changed: false, removed: [] });
    expect(describeInit(again, true)).toEqual([`No Gatehouse hooks in ${path}; nothing changed.`]);
  });

  it('--remove takes ours out of every event and group, and leaves the user hooks beside them', async () => {
    const mine = { type: 'command', command: './ask-me.sh' };
    await writeSettings(
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: '*', hooks: [mine, httpEntry] },
            { matcher: 'Bash', hooks: [commandEntry] },
          ],
          PermissionRequest: [{ matcher: '*', hooks: [commandEntry] }],
        },
        permissions: { allow: [] },
      }),
    );
    const result = await initClaude(path, undefined);
    expect(result.removed).toEqual([
      { event: 'PreToolUse', type: 'http' },
      { event: 'PreToolUse', type: 'command' },
      { event: 'PermissionRequest', type: 'command' },
    ]);
    expect(await readSettings()).toEqual({
      hooks: { PreToolUse: [{ matcher: '*', hooks: [mine] }] },
      permissions: { allow: [] },
    });
    expect(describeInit(result, true)).toEqual([
      `Removed Gatehouse hooks (PreToolUse, PermissionRequest) from ${path}.`,
    ]);
  });

  it('--remove of the only hooks there drops the emptied `hooks`; no file is not created', async () => {
    await initClaude(path, http);
    await initClaude(path, undefined);
    expect(await readSettings()).toEqual({});
    const elsewhere = join(dir, 'none', '.claude', 'settings.json');
    expect(await initClaude(elsewhere, undefined)).toMatchObject({ changed: false });
    await expect(readFile(elsewhere)).rejects.toThrow();
  });

  it('switching HTTP → command → HTTP replaces ours in place, never both', async () => {
    await writeSettings(existingText);
    await initClaude(path, http);
    const toCommand = await initClaude(path, commandHook);
    expect(toCommand.removed).toEqual(eventNames.map((event) => ({ event, type: 'http' })));
    const commandSettings = await readSettings();
    expect(gatehouseEntries(commandSettings)).toEqual(
      installedEvents('command').map(([event, , entry]) => [event, entry]),
    );
    expect(commandSettings.hooks.PreToolUse).toHaveLength(existing.hooks.PreToolUse.length + 1);
    // No field of the HTTP entry is carried over into the command entry.
    expect(commandSettings.hooks.PreToolUse.at(-1)).toEqual({ matcher: '*', hooks: [commandEntry] });

    const toHttp = await initClaude(path, http);
    expect(toHttp.removed).toEqual(eventNames.map((event) => ({ event, type: 'command' })));
    const httpSettings = await readSettings();
    expect(gatehouseEntries(httpSettings)).toEqual(
      installedEvents('http').map(([event, , entry]) => [event, entry]),
    );
    // The user's PostToolUse group is still there, first, beside ours.
    expect(httpSettings.hooks.PostToolUse).toEqual([
      ...existing.hooks.PostToolUse,
      group('*', httpEntryAt('post-tool-use', 10)),
    ]);
    expect(describeInit(toHttp, false)).toEqual([
      `Wrote Gatehouse HTTP hooks in ${path}:`,
      `  PreToolUse: POST ${httpEntry.url} (timeout 360 s)`,
      '  PostToolUse: POST https://relay.example.com/api/v1/hooks/claude/post-tool-use (timeout 10 s)',
      '  PostToolUseFailure: POST https://relay.example.com/api/v1/hooks/claude/post-tool-use (timeout 10 s)',
      '  UserPromptSubmit: POST https://relay.example.com/api/v1/hooks/claude/user-prompt-submit (timeout 10 s)',
      '  SessionEnd: POST https://relay.example.com/api/v1/hooks/claude/session-end (timeout 10 s)',
      ...eventNames.map((event) => `  removed: the command hook on ${event}`),
    ]);
    // Back and forth leaves the file as one HTTP run would have: no trace of the command hook.
    const fresh = withGatehouseHooks(existing, http).settings;
    expect(httpSettings).toEqual(fresh);
  });

  it('an entry of ours in a group the user made is updated there; extra copies of ours go', () => {
    const mine = { type: 'command', command: './check.sh' };
    const old = hookCommand('/old/node', '/old/place/client/cli/gatehouse.mjs');
    const settings = {
      hooks: {
        PreToolUse: [
          { matcher: 'Bash|Edit', hooks: [mine, { type: 'command', command: old, timeout: 660 }] },
          { matcher: '*', hooks: [{ type: 'command', command: `${old} --on-error ask` }] },
        ],
      },
    };
    expect(withGatehouseHooks(settings, http).settings).toEqual({
      hooks: { ...hooksAlone('http'), PreToolUse: [{ matcher: 'Bash|Edit', hooks: [mine, httpEntry] }] },
    });
  });

  it("an older PermissionRequest entry of ours goes (it would ask twice); the user's own stays", () => {
    const mine = { type: 'command', command: './ask-me.sh' };
    const older = {
      hooks: {
        PermissionRequest: [
          {
            matcher: '*',
            hooks: [{ ...httpEntry, url: httpEntry.url.replace('pre-tool-use', 'permission-request') }],
          },
          { matcher: 'Bash', hooks: [mine] },
        ],
      },
    };
    const change = withGatehouseHooks(older, commandHook);
    expect(change.settings).toEqual({
      hooks: { PermissionRequest: [{ matcher: 'Bash', hooks: [mine] }], ...hooksAlone('command') },
    });
    expect(change.removed).toEqual([{ event: 'PermissionRequest', type: 'http' }]);
  });

  it('--local, --dir and --user name their files; contradictory flags are refused', () => {
    const where = { cwd: '/work/project', home: '/home/me' };
    expect(claudeSettingsPath(where)).toBe('/work/project/.claude/settings.json');
    expect(claudeSettingsPath({ ...where, local: true })).toBe('/work/project/.claude/settings.local.json');
    expect(claudeSettingsPath({ ...where, dir: '/srv/app' })).toBe('/srv/app/.claude/settings.json');
    expect(claudeSettingsPath({ ...where, dir: '/srv/app', local: true })).toBe(
      '/srv/app/.claude/settings.local.json',
    );
    expect(claudeSettingsPath({ ...where, user: true })).toBe('/home/me/.claude/settings.json');
    expect(() => claudeSettingsPath({ ...where, user: true, dir: '/srv/app' })).toThrow(/--user and --dir/);
    expect(() => claudeSettingsPath({ ...where, user: true, local: true })).toThrow(/--local/);
  });

  it('creates .claude/ and the file when there is none', async () => {
    const local = join(dir, '.claude', 'settings.local.json');
    await initClaude(local, http);
    expect(JSON.parse(await readFile(local, 'utf8'))).toEqual({ hooks: hooksAlone('http') });
  });

  it.each([
    ['not JSON', '{ "permissions": ', /is not valid JSON/],
    ['JSON with a trailing comma', '{ "model": "opus", }\n', /is not valid JSON/],
    ['an array', '[]', /is not a JSON object/],
    ['a string', '"hooks"', /is not a JSON object/],
  ])(
    'a settings file that is %s: a clear error naming it, the file untouched',
    async (_what, text, message) => {
      await writeSettings(text);
      for (const hook of [http, commandHook, undefined]) {
        const failure = initClaude(path, hook);
        await expect(failure).rejects.toThrow(message);
        await expect(failure).rejects.toThrow(path);
        expect(await readFile(path, 'utf8')).toBe(text);
      }
    },
  );

  it('the relay URL: an API root is accepted as the origin, anything but plain http(s) is refused', () => {
    const entry = (relayUrl: string) =>
      withGatehouseHooks({}, { type: 'http', relayUrl }).written[0]?.entry.url;
    expect(entry('https://relay.example.com/api/v1/')).toBe(httpEntry.url);
    expect(entry('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787/api/v1/hooks/claude/pre-tool-use');
    expect(entry('https://example.com/gatehouse')).toBe(
      'https://example.com/gatehouse/api/v1/hooks/claude/pre-tool-use',
    );
    expect(() => entry('relay.example.com')).toThrow(/not a URL/);
    expect(() => entry('file:///etc/passwd')).toThrow(/http/);
    expect(() => entry('https://me:secret@relay.example.com')).toThrow(/credentials/);
  });

  it('--command --on-error deny is written into the command; the default adds nothing', () => {
    const written = (onError: 'ask' | 'deny' | undefined) =>
      withGatehouseHooks({}, { type: 'command', command, onError }).written[0]?.entry.command;
    expect(written(undefined)).toBe(command);
    expect(written('deny')).toBe(`${command} --on-error deny`);
    expect(written('ask')).toBe(`${command} --on-error ask`);
  });

  it.each([
    [{ type: 'command', command }, 'command'],
    [{ command: '"/My Tools/node" "/a b/gatehouse.mjs" hook' }, 'command'],
    [
      { type: 'command', command: '/usr/bin/node /opt/gatehouse/dist/gatehouse.cjs hook --verify' },
      'command',
    ],
    [{ type: 'command', command: 'gatehouse hook --on-error deny' }, 'command'],
    [{ type: 'command', command: 'npx gatehouse hook' }, 'command'],
    [{ type: 'http', url: 'http://10.0.0.5:8787/api/v1/hooks/claude/permission-request' }, 'http'],
    [{ type: 'command', command: './gatehouse-audit.sh hook' }, undefined],
    [{ type: 'command', command: 'echo gatehouse hooked' }, undefined],
    [{ type: 'command', command: 'not-gatehouse hook' }, undefined],
    [{ type: 'http', url: 'https://audit.example.com/hooks/claude/pre-tool-use' }, undefined],
    [{ type: 'command', url: 'http://x/api/v1/hooks/claude/pre-tool-use' }, undefined],
    [{ type: 'prompt', prompt: 'gatehouse hook' }, undefined],
    ['gatehouse hook', undefined],
  ])('%j is ours as: %s', (hook, type) => {
    expect(gatehouseHookType(hook)).toBe(type);
  });

  it('paths with spaces are quoted, and recognised as ours when written again', () => {
    expect(hookCommand('/My Tools/node', '/x/gatehouse.mjs')).toBe('"/My Tools/node" /x/gatehouse.mjs hook');
    const spaced = withGatehouseHooks(
      {},
      { type: 'command', command: hookCommand('/My Tools/node', '/a b/gatehouse.mjs') },
    );
    expect(withGatehouseHooks(spaced.settings, commandHook).settings).toEqual(
      withGatehouseHooks({}, commandHook).settings,
    );
  });
});
