import type { EngineToolCall } from '../contract/index.ts';
import type { PatchReading } from '../patch/index.ts';
import { stringField, type ToolFacts } from '../tools/catalog.ts';
import { patchReading } from '../tools/edited-paths.ts';
import { rateDelete, rateWrite } from './effects.ts';
import { quoteArgv } from './quote.ts';
import type { RatingBuilder } from './rating.ts';
import { namesSecretFile, secretFileNote } from './secret-files.ts';
import { rateShellCommand } from './shell.ts';

/**
 * Tools other than a shell: file tools by where they write, web tools as network, the few
 * known exec tools by what they are, and everything unknown at least medium.
 */

/** Known tools that are neither files nor shells, and why they are low. */
const knownExec: Record<string, string> = {
  // The subagent's own tool calls pass through the same gate.
  Task: 'Starts a subagent whose calls are checked one by one.',
  KillShell: 'Stops a background shell the agent started.',
};

/** Words in an MCP or unknown tool's name that say it deletes or changes another system. */
const deletingWords = new Set([
  'delete',
  'remove',
  'destroy',
  'drop',
  'purge',
  'wipe',
  'erase',
  'truncate',
  'revoke',
]);
const externalWords = new Set([
  'deploy',
  'publish',
  'push',
  'merge',
  'release',
  'send',
  'post',
  'transfer',
  'pay',
  'email',
  'invite',
  'share',
]);

/** `mcp__github__create_pull_request`, `deleteFile`, `db.drop-table` → lower-case words. */
function nameWords(tool: string): string[] {
  return tool
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** A shell command carried by an unknown tool: a `command` string, or an argv list (`["bash","-lc","…"]`). */
function commandOf(input: Record<string, unknown>): string | undefined {
  const value = input.command ?? input.cmd;
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((word) => typeof word === 'string')) return quoteArgv(value);
  return undefined;
}

function rateUnknown(call: EngineToolCall, facts: ToolFacts, rating: RatingBuilder): void {
  rating.raise('medium', 'The relay does not know this tool.');
  if (facts.capability === 'net') rating.raise('medium', 'The tool reaches the network.', 'network');
  if (call.tool.startsWith('mcp__')) {
    rating.raise(
      'medium',
      'The tool belongs to another server, whose effects the relay cannot see.',
      'external_system',
    );
  }
  const words = nameWords(call.tool);
  if (words.some((word) => deletingWords.has(word))) {
    rating.raise('high', 'The tool name says it deletes something.', 'destructive');
  }
  if (words.some((word) => externalWords.has(word))) {
    rating.raise('high', 'The tool name says it changes an external system.', 'external_system');
  }
  const command = commandOf(call.input);
  if (command !== undefined) rateShellCommand(command, call.cwd, false, rating);
}

/** A patch (Codex's apply_patch) by each file it adds, changes, moves or deletes. */
function ratePatch(call: EngineToolCall, reading: PatchReading | undefined, rating: RatingBuilder): void {
  if (reading === undefined || !reading.ok) {
    rating.raise('high', 'A patch whose files the rater cannot tell.');
    return;
  }
  const where = { cwd: call.cwd, workspace: call.cwd };
  for (const file of reading.files) {
    if (file.action === 'delete') rateDelete(rating, file.path, where, false);
    else rateWrite(rating, file.path, where);
    if (file.moveTo !== undefined) rateWrite(rating, file.moveTo, where);
  }
}

/** Rates a non-shell call (a shell tool's command goes to shell.ts from index.ts). */
export function rateTool(
  call: EngineToolCall,
  facts: ToolFacts,
  rating: RatingBuilder,
  patch: PatchReading | undefined = patchReading(call.input, facts),
): void {
  if (!facts.known) {
    rateUnknown(call, facts, rating);
    return;
  }
  if (facts.patchField !== undefined) {
    ratePatch(call, patch, rating);
    return;
  }
  if (facts.edits) {
    const path = stringField(call.input, facts.pathField);
    if (path === undefined || path === '') rating.raise('high', 'A file edit that names no file.');
    else rateWrite(rating, path, { cwd: call.cwd, workspace: call.cwd });
    return;
  }
  const path = stringField(call.input, facts.pathField);
  if (path !== undefined && namesSecretFile(path, { cwd: call.cwd, workspace: call.cwd })) {
    rating.raise('high', secretFileNote, 'secret_exposure');
  }
  switch (facts.capability) {
    case 'read':
      return;
    case 'net':
      rating.raise('medium', 'Reaches the network.', 'network');
      return;
    case 'write':
      rating.raise('medium', 'Changes something the rater cannot place.');
      return;
    case 'exec': {
      const why = Object.hasOwn(knownExec, call.tool) ? knownExec[call.tool] : undefined;
      if (why) rating.raise('low', why);
      else rating.raise('medium', 'Runs something the rater cannot inspect.');
      return;
    }
  }
}
