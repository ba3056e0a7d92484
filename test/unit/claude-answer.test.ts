import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { isClaudeHookAnswer } from '../../client/cli/claude-answer.ts';
import {
  ClaudeHookAck,
  ClaudePermissionRequestOutput,
  ClaudePreToolUseOutput,
} from '../../shared/contract/index.ts';

// `gatehouse hook` checks the relay's answer without zod (so it starts without loading it); the
// contract's schemas stay the definition, and this holds the check to them answer by answer.

const pre = (output: Record<string, unknown>) => ({
  hookSpecificOutput: { hookEventName: 'PreToolUse', ...output },
});
const request = (decision: unknown) => ({
  hookSpecificOutput: { hookEventName: 'PermissionRequest', decision },
});
const update = (extra: Record<string, unknown> = {}) => ({
  type: 'addRules',
  rules: [{ toolName: 'Bash', ruleContent: 'npm test' }],
  behavior: 'allow',
  destination: 'session',
  ...extra,
});

const cases: Array<[string, 'PreToolUse' | 'PermissionRequest', unknown]> = [
  ['allow', 'PreToolUse', pre({ permissionDecision: 'allow', permissionDecisionReason: 'ok' })],
  ['deny', 'PreToolUse', pre({ permissionDecision: 'deny', permissionDecisionReason: 'no' })],
  ['ask', 'PreToolUse', pre({ permissionDecision: 'ask', permissionDecisionReason: 'who?' })],
  [
    'edited',
    'PreToolUse',
    pre({ permissionDecision: 'allow', permissionDecisionReason: 'ok', updatedInput: { command: 'ls' } }),
  ],
  ['no reason', 'PreToolUse', pre({ permissionDecision: 'allow' })],
  ['reason not text', 'PreToolUse', pre({ permissionDecision: 'deny', permissionDecisionReason: 3 })],
  ['unknown decision', 'PreToolUse', pre({ permissionDecision: 'maybe', permissionDecisionReason: 'x' })],
  [
    'edited input not an object',
    'PreToolUse',
    pre({ permissionDecision: 'allow', permissionDecisionReason: 'ok', updatedInput: ['ls'] }),
  ],
  ['another event’s answer', 'PreToolUse', request({ behavior: 'allow' })],
  ['no hookSpecificOutput', 'PreToolUse', { permissionDecision: 'allow' }],
  ['null', 'PreToolUse', null],
  ['a list', 'PreToolUse', [pre({ permissionDecision: 'allow', permissionDecisionReason: 'ok' })]],
  ['allow', 'PermissionRequest', request({ behavior: 'allow' })],
  [
    'allow, edited, with rules',
    'PermissionRequest',
    request({ behavior: 'allow', updatedInput: { a: 1 }, updatedPermissions: [update()] }),
  ],
  ['deny with message', 'PermissionRequest', request({ behavior: 'deny', message: 'no' })],
  ['deny without message', 'PermissionRequest', request({ behavior: 'deny' })],
  ['ask is not an answer here', 'PermissionRequest', request({ behavior: 'ask' })],
  [
    'rules of another kind',
    'PermissionRequest',
    request({ behavior: 'allow', updatedPermissions: [update({ type: 'setMode' })] }),
  ],
  [
    'no rules',
    'PermissionRequest',
    request({ behavior: 'allow', updatedPermissions: [update({ rules: [] })] }),
  ],
  [
    'a rule without a tool',
    'PermissionRequest',
    request({ behavior: 'allow', updatedPermissions: [update({ rules: [{ ruleContent: 'x' }] })] }),
  ],
  ['decision missing', 'PermissionRequest', { hookSpecificOutput: { hookEventName: 'PermissionRequest' } }],
];

const schemas = { PreToolUse: ClaudePreToolUseOutput, PermissionRequest: ClaudePermissionRequestOutput };

describe('isClaudeHookAnswer agrees with the contract', () => {
  it.each(cases)('%s (%s)', (_name, event, answer) => {
    expect(isClaudeHookAnswer(event, answer)).toBe(schemas[event].safeParse(answer).success);
  });

  it('the events that decide nothing: an object, as ClaudeHookAck', () => {
    for (const answer of [{}, { extra: 1 }, null, 'ok'])
      expect(isClaudeHookAnswer('PostToolUse', answer)).toBe(ClaudeHookAck.safeParse(answer).success);
  });
});

describe('the packed hook loads only what the hook needs', () => {
  it('the Claude Code hook’s chunks hold no zod and no SDK, and stay small', async () => {
    const client = join(import.meta.dirname, '../../client');
    const result = await build({
      entryPoints: [join(client, 'cli/bin.ts')],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      outdir: join(client, 'dist-unused'),
      write: false,
      metafile: true,
      external: ['@modelcontextprotocol/sdk'],
      define: { GATEHOUSE_VERSION: '"0.0.0"' },
      logLevel: 'silent',
    });
    const outputs = result.metafile.outputs;
    const entry = Object.entries(outputs).find(([, output]) => output.entryPoint?.endsWith('cli/bin.ts'))!;
    const hook = Object.entries(outputs).find(([, output]) =>
      output.entryPoint?.endsWith('cli/hook-command.ts'),
    )!;
    const exit = Object.entries(outputs).find(([, output]) => output.entryPoint?.endsWith('cli/exit.ts'))!;
    // What Node loads for `gatehouse hook`: the entry, the hook and exit chunks, and their static imports.
    const loaded = new Set<string>();
    const visit = (path: string) => {
      if (loaded.has(path) || !outputs[path]) return;
      loaded.add(path);
      for (const imported of outputs[path]!.imports)
        if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    };
    for (const [path] of [entry, hook, exit]) visit(path);
    const inputs = [...loaded].flatMap((path) => Object.keys(outputs[path]!.inputs));
    expect(
      inputs.filter((input) =>
        /node_modules\/zod|client\/sdk\/(client|http|errors)\.ts|shared\/contract\/(?!limits)/.test(input),
      ),
    ).toEqual([]);
    const bytes = [...loaded].reduce((sum, path) => sum + outputs[path]!.bytes, 0);
    expect(bytes).toBeLessThan(40_000);
  });
});
