import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodexHooks, runCodex, startFakeResponses } from './codex.ts';
import { root, scratchDir } from './harness.ts';

// The real Codex CLI driven by the fake Responses API, with a PreToolUse command hook that records
// what Codex hands it and denies one command: the harness the Codex integration's tests build on.

const recorder = join(root, 'test/peers/codex-recorder.mjs');
const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

let scratch: Awaited<ReturnType<typeof scratchDir>>;
let project: string;
beforeAll(async () => {
  scratch = await scratchDir('codex');
  project = join(scratch.path, 'project');
  await mkdir(project);
  await writeFile(join(project, 'hello-from-the-project.txt'), 'hello\n');
});
afterAll(async () => {
  await scratch?.remove();
});

const exec = (callId: string, cmd: string) => ({
  calls: [{ name: 'exec_command', callId, arguments: { cmd } }],
});
const script = () => [exec('call_ls', 'ls'), exec('call_push', 'git push origin main')];

/** hooks.json with the recorder on every PreToolUse, logging to `log`, denying `git push`. */
const recorderHooks = (log: string, how: 'json' | 'exit-2' = 'json'): CodexHooks => ({
  hooks: {
    PreToolUse: [
      {
        matcher: '*',
        hooks: [
          {
            type: 'command',
            command: [process.execPath, recorder, log, 'git push', how].map(quote).join(' '),
            timeout: 30,
          },
        ],
      },
    ],
  },
});

const recorded = (log: string) =>
  existsSync(log)
    ? readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : [];

describe('codex exec with a PreToolUse command hook', () => {
  it('a trusted hook sees each exec_command as Bash with the documented fields, and its deny reaches the model', async () => {
    const log = join(scratch.path, 'trusted.jsonl');
    const fake = await startFakeResponses(script());
    try {
      const run = await runCodex({ project, fake, hooks: recorderHooks(log), trustHooks: true });
      expect(run.code, run.stderr).toBe(0);

      // The read ran and its output went back to the model.
      expect(fake.output('call_ls').text).toContain('hello-from-the-project.txt');
      // The deny: the reason reached the model, and git never ran (no git error in the output).
      const push = fake.output('call_push').text;
      expect(push).toContain('Command blocked by PreToolUse hook');
      expect(push).toContain('The recorder hook refuses anything with "git push" in it.');
      expect(push).not.toMatch(/fatal:/);

      const calls = recorded(log);
      expect(calls).toHaveLength(2);
      for (const [call, command, id] of [
        [calls[0], 'ls', 'call_ls'],
        [calls[1], 'git push origin main', 'call_push'],
      ] as const)
        expect(call).toEqual({
          session_id: expect.any(String),
          turn_id: expect.any(String),
          transcript_path: expect.stringMatching(/\.jsonl$/),
          cwd: project,
          hook_event_name: 'PreToolUse',
          model: 'gpt-5.5',
          permission_mode: 'bypassPermissions',
          tool_name: 'Bash',
          tool_input: { command },
          tool_use_id: id,
        });
      expect(calls[1]!.session_id).toBe(calls[0]!.session_id);
    } finally {
      await fake.close();
    }
  });

  it('a hook that exits 2 denies too, with its stderr as the reason the model reads', async () => {
    const log = join(scratch.path, 'exit-2.jsonl');
    const fake = await startFakeResponses(script());
    try {
      const run = await runCodex({ project, fake, hooks: recorderHooks(log, 'exit-2'), trustHooks: true });
      expect(run.code, run.stderr).toBe(0);
      expect(recorded(log)).toHaveLength(2);
      expect(fake.output('call_ls').text).toContain('hello-from-the-project.txt');
      const push = fake.output('call_push').text;
      expect(push).toContain('The recorder hook refuses anything with "git push" in it.');
      expect(push).not.toMatch(/fatal:/);
    } finally {
      await fake.close();
    }
  });

  it('an untrusted hook is skipped without a word: the command the hook would deny runs', async () => {
    const log = join(scratch.path, 'untrusted.jsonl');
    const fake = await startFakeResponses(script());
    try {
      const run = await runCodex({ project, fake, hooks: recorderHooks(log), trustHooks: false });
      expect(run.code, run.stderr).toBe(0);
      expect(recorded(log)).toEqual([]);
      // git ran (outside any repository, so it fails by itself): nothing stood in its way.
      expect(fake.output('call_push').text).toMatch(/fatal: not a git repository/);
      expect(fake.output('call_push').text).not.toContain('blocked');
    } finally {
      await fake.close();
    }
  });
});
