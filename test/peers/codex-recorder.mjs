#!/usr/bin/env node
// A Codex PreToolUse command hook for the peer tests (a stand-in until Gatehouse speaks Codex):
// appends the hook's stdin JSON as one line to the file named by its first argument, and denies
// with a reason every command containing the text of its second argument, if given: as JSON on
// stdout, or with a third argument `exit-2`, as the reason on stderr and exit code 2 (Codex
// takes both as a deny). Anything else: no output, exit 0 — Codex's "no decision".
import { appendFileSync, readFileSync } from 'node:fs';

const [log, denied, how] = process.argv.slice(2);
const input = readFileSync(0, 'utf8');
if (log) appendFileSync(log, `${JSON.stringify(JSON.parse(input))}\n`);
const command = JSON.parse(input)?.tool_input?.command;
if (denied && typeof command === 'string' && command.includes(denied)) {
  const reason = `The recorder hook refuses anything with "${denied}" in it.`;
  if (how === 'exit-2') {
    process.stderr.write(reason);
    process.exit(2);
  }
  process.stdout.write(
    JSON.stringify({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: reason,
      },
    }),
  );
}
