import { stringField, type ToolFacts, toolFacts } from '../tools/catalog.ts';
import { rememberedForKeys } from './key-memo.ts';
import { maskSecrets } from './mask.ts';
import { globNamesSecretFile, isSecretPath, mayNameSecretFile } from './secret-paths.ts';
import { shellSecretFile } from './shell-files.ts';
import { type HintedText, hintsOf } from './text-hints.ts';

export interface ToolCallLike {
  tool: string;
  input: Record<string, unknown>;
}

/**
 * Input fields that hold a path or a glob, in any tool: Claude Code's `file_path`, `path`,
 * `notebook_path`, Grep's `glob`, Glob's `pattern`, and the `path`/`paths`/`filename`/`dir`
 * fields MCP file servers use. Grep's own `pattern` is a content regex and is not a path.
 */
const pathKey = /^(?:[a-z]+_)*(?:path|paths|file|files|filename|filenames|dir|directory|glob|globs)$/;

/** The ends of those names, in any case: a key that ends otherwise is no path key (camelCase only adds `_`). */
const pathKeyEnd = /(?:path|file|dir|directory|glob)s?$|filenames?$/i;

function normalizeKey(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** Whether an input field named `key` holds a path or a glob (`file_path`, `notebookPath`, `globs`). */
export function isPathKey(key: string): boolean {
  return pathKey.test(normalizeKey(key));
}

/** `isPathKey` behind its cheap check on how the key ends, as the walk below uses it. */
export function isPathKeyHinted(key: string): boolean {
  return pathKeyEnd.test(key) && isPathKey(key);
}

/** Glob characters: `globNamesSecretFile` drops them, which can join a secret name that was not written out. */
const globCharacter = /[*?[{]/;

/**
 * Whether a path field's value names a secret file, as a path or as a glob. A value without glob
 * characters names one only if a secret path hint is in it as written (`mayNameSecretFile`): one
 * pass over it rules out most paths (`src/index.ts`) without splitting them into segments, which
 * was most of the shield's work on a file tool's call. `shield-path-fastpath.test.ts` checks the
 * hinted answer against the plain one.
 */
export function namesSecret(value: string): boolean {
  if (!globCharacter.test(value)) return mayNameSecretFile(value) && isSecretPath(value);
  return isSecretPath(value) || globNamesSecretFile(value);
}

/**
 * Path-like string fields anywhere in the input (a few levels deep), added to `found` (made at the
 * first one: most inputs have none). The whole input is walked before any is judged, so an input
 * that cannot be walked is unreadable wherever its secret file is named.
 */
function pathValues(
  node: unknown,
  tool: string,
  depth: number,
  found: string[] | undefined,
): string[] | undefined {
  if (depth > 4 || node === null || typeof node !== 'object') return found;
  // Keys, then each value: the same own enumerable entries without a pair array per key.
  const record = node as Record<string, unknown>;
  let values = found;
  for (const key of Object.keys(record)) {
    const value = record[key];
    const isPath = pathKeyOf(key) || (tool === 'Glob' && key === 'pattern');
    if (isPath && typeof value === 'string') {
      values ??= [];
      values.push(value);
    } else if (isPath && Array.isArray(value)) {
      values ??= [];
      values.push(...value.filter((v) => typeof v === 'string'));
    } else values = pathValues(value, tool, depth + 1, values);
  }
  return values;
}

/** Field names repeat call after call: their verdicts are remembered. */
const pathKeyOf = rememberedForKeys(isPathKeyHinted);

const unknownToolCommandFields = ['command', 'cmd', 'script'];

/** The secret file the shell command in `input[field]` names, if that field holds a command. */
function commandSecretFile(
  input: Record<string, unknown>,
  field: string | undefined,
  known: HintedText | undefined,
): string | null {
  const command = stringField(input, field);
  return command === undefined ? null : shellSecretFile(command, 0, hintsOf(command, known));
}

/** Shown in a decision's reason: bounded, and masked in case the "path" carries a secret. */
function display(path: string): string {
  const masked = maskSecrets(path.slice(0, 1000));
  return masked.length > 200 ? `${masked.slice(0, 200)}…` : masked;
}

/**
 * The secret file a tool call would read, if any: a file tool (`Read`, `Grep`, `Glob`, the
 * edit tools, whose results echo file content, and MCP tools with path fields) pointed at one,
 * or a shell command naming one. `null` when none is named. `known` is a text of the input whose
 * hints the caller has already (text-hints.ts), so it is not read twice; `tool` is the call's
 * tool facts when the caller has them (only `known` and `commandField` are read). `plain` says the
 * caller found the input a flat record without path fields (plain-input.ts), which the path walk
 * would find nothing in.
 */
export function secretFileAccess(
  call: ToolCallLike,
  known?: HintedText,
  tool?: ToolFacts,
  plain = false,
): { path: string } | null {
  try {
    const facts = tool ?? toolFacts(call.tool);
    if (facts.known) {
      const file = commandSecretFile(call.input, facts.commandField, known);
      if (file !== null) return { path: display(file) };
    } else {
      // An unknown tool's `command`-like field is read as a shell command too (MCP shell servers).
      for (const field of unknownToolCommandFields) {
        const file = commandSecretFile(call.input, field, known);
        if (file !== null) return { path: display(file) };
      }
    }
    if (plain) return null;
    const file = pathValues(call.input, call.tool, 0, undefined)?.find(namesSecret);
    return file === undefined ? null : { path: display(file) };
  } catch {
    // An input the shield cannot walk is treated as touching a secret (fail closed).
    return { path: '(unreadable input)' };
  }
}
