import { describe, expect, it } from 'vitest';
import { engineModeOf } from '../../worker/hooks/modes.ts';
import { exactRule } from '../../worker/hooks/rules.ts';

describe('the Claude Code rule handed back for a session or always approval', () => {
  it.each([
    ['Bash', { command: 'npm install left-pad' }, { toolName: 'Bash', ruleContent: 'npm install left-pad' }],
    [
      'Bash',
      { command: 'git status && git diff', description: 'look' },
      { toolName: 'Bash', ruleContent: 'git status && git diff' },
    ],
    ['Bash', { command: 'npm run test:*' }, null],
    ['Bash', { command: 'rm -rf build/*' }, null],
    ['Bash', { command: 'echo $(whoami)' }, null],
    ['Bash', { command: 'echo a\\ b' }, null],
    ['Bash', { command: 'echo one\necho two' }, null],
    ['Bash', { command: ' ls' }, null],
    ['Bash', { command: '' }, null],
    ['Bash', { command: 42 }, null],
    ['Bash', { command: 'x'.repeat(2000) }, null],
    ['Edit', { file_path: '/repo/a.ts', old_string: 'a', new_string: 'b' }, null],
    ['Write', { file_path: '/repo/a.ts', content: 'x' }, null],
    ['WebFetch', { url: 'https://example.com/', prompt: 'read' }, null],
    ['mcp__github__create_issue', { title: 't' }, null],
  ])('%s %j → %j', (tool, input, expected) => {
    expect(exactRule(tool, input)).toEqual(expected);
  });
});

describe("Claude Code's permission_mode", () => {
  it.each([
    ['default', 'default', true],
    ['acceptEdits', 'accept_edits', true],
    ['plan', 'plan', true],
    ['dontAsk', 'dont_ask', true],
    ['bypassPermissions', 'bypass', true],
    ['auto', 'auto', true],
    ['bypass', 'default', false],
    ['constructor', 'default', false],
    ['__proto__', 'default', false],
  ])('%s → %s', (claudeMode, mode, known) => {
    expect(engineModeOf(claudeMode)).toEqual({ mode, known });
  });
});
