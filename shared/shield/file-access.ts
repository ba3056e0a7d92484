import type { ParsedCommand } from '../programs/index.ts';
import type { ShellAnalysis } from '../shell/index.ts';
import { stringField, type ToolFacts, toolFacts } from '../tools/catalog.ts';
import { maskSecrets } from './mask.ts';
import { globNamesSecretFile, isSecretPath, readsSecretDirectory } from './secret-paths.ts';
import { examineShellCommand } from './shell-files.ts';

export interface ToolCallLike {
  tool: string;
  input: Record<string, unknown>;
  cwd?: string;
}

/**
 * Input fields that hold a path or a glob, in any tool: Claude Code's `file_path`, `path`,
 * `notebook_path`, Grep's `glob`, Glob's `pattern`, and the `path`/`paths`/`filename`/`dir`
 * fields MCP file servers use. Grep's own `pattern` is a content regex and is not a path.
 */
const pathKey = /^(?:[a-z]+_)*(?:path|paths|file|files|filename|filenames|dir|directory|glob|globs)$/;

/** Fields whose value is a glob, not a literal path. */
const globKey = /^(?:[a-z]+_)*(?:glob|globs|pattern)$/;

/** Fields that name a folder a tool reads whole: Grep's and Glob's `path`, MCP servers' `dir`. */
const folderKey = /^(?:[a-z]+_)*(?:path|dir|directory|root|cwd)$/;

function normalizeKey(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** Whether an input field named `key` holds a path or a glob (`file_path`, `notebookPath`, `globs`). */
export function isPathKey(key: string): boolean {
  return pathKey.test(normalizeKey(key));
}

/** Tools that read a folder's files whole, searching or listing them. */
const folderTools = new Set(['Grep', 'Glob', 'LS']);

interface PathValue {
  key: string;
  value: string;
}

/**
 * Path-like string fields anywhere in the input (a few levels deep). The whole input is walked
 * before any is judged, so an input that cannot be walked is unreadable wherever its secret
 * file is named.
 */
function pathValues(node: unknown, tool: string, depth: number, found: PathValue[]): PathValue[] {
  if (depth > 4 || node === null || typeof node !== 'object') return found;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const isPath = isPathKey(key) || (tool === 'Glob' && key === 'pattern');
    if (isPath && typeof value === 'string') found.push({ key, value });
    else if (isPath && Array.isArray(value)) {
      for (const item of value) if (typeof item === 'string') found.push({ key, value: item });
    } else pathValues(value, tool, depth + 1, found);
  }
  return found;
}

/** Whether one path field names a secret file, or (for a folder tool) a folder holding secrets. */
function namesSecret({ key, value }: PathValue, tool: string, cwd: string | undefined): boolean {
  const normalized = normalizeKey(key);
  const glob = globKey.test(normalized) || (tool === 'Glob' && key === 'pattern');
  if (glob ? globNamesSecretFile(value, cwd) : isSecretPath(value, cwd)) return true;
  // A Read of `/proc/self/environ`'s folder is harmless, but Grep and Glob read a folder whole.
  const readsWhole =
    folderTools.has(tool) || !/^(?:Read|Edit|Write|MultiEdit|NotebookRead|NotebookEdit)$/.test(tool);
  return readsWhole && folderKey.test(normalized) && readsSecretDirectory(value, false, cwd);
}

const unknownToolCommandFields = ['command', 'cmd', 'script'];

/** Shown in a decision's reason: bounded, and masked in case the "path" carries a secret. */
function display(path: string): string {
  const masked = maskSecrets(path.slice(0, 1000));
  return masked.length > 200 ? `${masked.slice(0, 200)}…` : masked;
}

/**
 * What the shield finds a call reads: a secret file (`path`, as named in the call, masked and
 * bounded), or a command too long to examine whole (`unexamined`, the command's field).
 */
export type FileAccess = { path: string } | { unexamined: string };

/**
 * The secret file a tool call would read, if any: a file tool (`Read`, `Grep`, `Glob`, the
 * edit tools, whose results echo file content, and MCP tools with path fields) pointed at one,
 * Grep or Glob searching a folder that holds one (their `path`, or the call's `cwd` when they
 * have none), or a shell command reading one. `null` when none is named. `tool` is the call's
 * tool facts when the caller has them (only `known` and `commandField` are read); `shell` the
 * analysis of the call's command, when the caller made it, and `programs` the catalog's parse of
 * its segments, made with it. A command past the examination
 * budget (`limits.examinedCommands`, `limits.examinedWords`) in which no secret file was found
 * comes back `unexamined`: what was not looked at may read one.
 */
export function secretFileAccess(
  call: ToolCallLike,
  tool?: ToolFacts,
  shell?: ShellAnalysis,
  programs?: readonly ParsedCommand[],
): FileAccess | null {
  try {
    const facts = tool ?? toolFacts(call.tool);
    const cwd = typeof call.cwd === 'string' && call.cwd.startsWith('/') ? call.cwd : undefined;
    const fields = facts.known ? [facts.commandField] : unknownToolCommandFields;
    // A command too long to examine is reported once nothing more precise was found.
    let unexamined: FileAccess | null = null;
    for (const field of fields) {
      const command = stringField(call.input, field);
      if (command === undefined) continue;
      // The analysis handed over is of the command field of a known tool only.
      const found = facts.known
        ? examineShellCommand(command, shell, cwd, shell && programs)
        : examineShellCommand(command, undefined, cwd);
      if (found?.kind === 'secret_file') return { path: display(found.path) };
      if (found?.kind === 'unexamined') unexamined ??= { unexamined: field ?? 'command' };
    }
    const values = pathValues(call.input, call.tool, 0, []);
    const file = values.find((value) => namesSecret(value, call.tool, cwd));
    if (file !== undefined) return { path: display(file.value) };
    // Grep and Glob without a path search where the call runs.
    const searchesCwd =
      (call.tool === 'Grep' || call.tool === 'Glob') && !values.some(({ key }) => key === 'path');
    if (searchesCwd && cwd !== undefined && readsSecretDirectory(cwd, false)) return { path: display(cwd) };
    return unexamined;
  } catch {
    // An input the shield cannot walk is treated as touching a secret (fail closed).
    return { path: '(unreadable input)' };
  }
}
