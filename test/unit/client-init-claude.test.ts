import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hookCommand, initClaude, mergeClaudeSettings } from '../../client/cli/init-claude.ts';

const command = hookCommand('/opt/clone/node_modules/.bin/node', '/opt/clone/client/cli/gatehouse.mjs');

const existing = {
  $schema: 'https://json.schemastore.org/claude-code-settings.json',
  permissions: { allow: ['Bash(npm test:*)'], deny: ['Read(./.env)'], defaultMode: 'acceptEdits' },
  env: { FOO: 'bar' },
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './check-bash.sh' }] }],
    PostToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'npx biome format' }] }],
  },
  model: 'opus',
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gatehouse-init-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('gatehouse init claude', () => {
  it('run twice on a settings file with content: the same file, everything else kept', async () => {
    await mkdir(join(dir, '.claude'));
    const path = join(dir, '.claude', 'settings.json');
    await writeFile(path, JSON.stringify(existing, null, 2));
    expect(await initClaude(dir, false, command)).toBe(path);
    const once = await readFile(path, 'utf8');
    await initClaude(dir, false, command);
    const twice = await readFile(path, 'utf8');
    expect(twice).toBe(once);

    const settings = JSON.parse(once);
    expect(settings.permissions).toEqual(existing.permissions);
    expect(settings.env).toEqual(existing.env);
    expect(settings.model).toBe('opus');
    expect(settings.$schema).toBe(existing.$schema);
    expect(settings.hooks.PostToolUse).toEqual(existing.hooks.PostToolUse);
    // The user's own PreToolUse hook stays first; ours is added beside it.
    expect(settings.hooks.PreToolUse).toEqual([
      existing.hooks.PreToolUse[0],
      { matcher: '*', hooks: [{ type: 'command', command, timeout: 660 }] },
    ]);
    // One hook only: a PermissionRequest entry too would ask the approver twice.
    expect(settings.hooks.PermissionRequest).toBeUndefined();
  });

  it('--local writes settings.local.json and creates .claude/', async () => {
    const path = await initClaude(dir, true, command);
    expect(path).toBe(join(dir, '.claude', 'settings.local.json'));
    expect(Object.keys(JSON.parse(await readFile(path, 'utf8')).hooks)).toEqual(['PreToolUse']);
  });

  it('an entry of ours written from another clone path is updated in place, not duplicated', () => {
    const old = hookCommand('/old/node', '/old/place/client/cli/gatehouse.mjs');
    const merged = mergeClaudeSettings(mergeClaudeSettings({}, old), command);
    expect(merged.hooks).toEqual({
      PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command, timeout: 660 }] }],
    });
  });

  it("removes an older PermissionRequest entry of ours and keeps the user's own there", () => {
    const mine = { type: 'command', command: './ask-me.sh' };
    const older = {
      hooks: {
        PermissionRequest: [
          { matcher: '*', hooks: [{ type: 'command', command, timeout: 660 }] },
          { matcher: 'Bash', hooks: [mine] },
        ],
      },
    };
    const merged = mergeClaudeSettings(older, command) as { hooks: Record<string, unknown> };
    expect(merged.hooks.PermissionRequest).toEqual([{ matcher: 'Bash', hooks: [mine] }]);
    expect(
      mergeClaudeSettings({ hooks: { PermissionRequest: [older.hooks.PermissionRequest[0]] } }, command),
    ).toEqual({
      hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command, timeout: 660 }] }] },
    });
  });

  it.each([
    ['not JSON', '{ "permissions": '],
    ['an array', '[]'],
  ])('a settings file that is %s is left untouched', async (_what, text) => {
    await mkdir(join(dir, '.claude'));
    const path = join(dir, '.claude', 'settings.json');
    await writeFile(path, text);
    await expect(initClaude(dir, false, command)).rejects.toThrow();
    expect(await readFile(path, 'utf8')).toBe(text);
  });

  it('paths with spaces are quoted', () => {
    expect(hookCommand('/My Tools/node', '/x/gatehouse.mjs')).toBe('"/My Tools/node" /x/gatehouse.mjs hook');
    const merged = mergeClaudeSettings({}, hookCommand('/My Tools/node', '/a b/gatehouse.mjs'));
    expect(mergeClaudeSettings(merged, command)).toEqual(mergeClaudeSettings({}, command));
  });
});
