import type { Capability } from '../contract/index.ts';

/**
 * What the relay knows about tools by name: Claude Code's built-ins and the common names of
 * other agents. A tool that is not here is *unknown*: it is never treated as a read
 * (DESIGN §5: a deliberate difference from codeagent, which defaults unknown tools to read).
 */
interface KnownTool {
  capability: Capability;
  /** File-editing tools: what `accept_edits` allows and what `Edit(...)` rules cover. */
  edits?: true;
  /** The input field holding the path a file tool works on. */
  pathField?: string;
  /** The input field holding a shell command. */
  commandField?: string;
  /** The input field holding a URL. */
  urlField?: string;
  /** The input field holding a patch in Codex's apply_patch format, which may touch many files. */
  patchField?: string;
}

const known: Record<string, KnownTool> = {
  Read: { capability: 'read', pathField: 'file_path' },
  Glob: { capability: 'read', pathField: 'path' },
  Grep: { capability: 'read', pathField: 'path' },
  LS: { capability: 'read', pathField: 'path' },
  NotebookRead: { capability: 'read', pathField: 'notebook_path' },
  TodoWrite: { capability: 'read' },
  TodoRead: { capability: 'read' },
  ExitPlanMode: { capability: 'read' },
  Edit: { capability: 'write', edits: true, pathField: 'file_path' },
  MultiEdit: { capability: 'write', edits: true, pathField: 'file_path' },
  Write: { capability: 'write', edits: true, pathField: 'file_path' },
  NotebookEdit: { capability: 'write', edits: true, pathField: 'notebook_path' },
  // Codex CLI's file edits: the patch text in `command` (shared/patch reads which files it touches).
  apply_patch: { capability: 'write', edits: true, patchField: 'command' },
  Bash: { capability: 'exec', commandField: 'command' },
  BashOutput: { capability: 'read' },
  KillShell: { capability: 'exec' },
  Task: { capability: 'exec' },
  WebFetch: { capability: 'net', urlField: 'url' },
  WebSearch: { capability: 'net' },
};

export type ToolFacts = KnownTool & { known: boolean };

/** Capability order, least to most able; a declared capability may only move a known tool up. */
const strength: Record<Capability, number> = { read: 0, write: 1, net: 2, exec: 3 };

/**
 * Facts about a tool. For a known tool the relay's own capability stands, and a capability
 * declared by the agent can only make it stricter. For an unknown tool the declared capability
 * is taken as given, except that an undeclared one is `exec` — so it never takes the read path.
 */
export function toolFacts(tool: string, declared?: Capability): ToolFacts {
  // One Map lookup answers both "is it known?" and "what are its shared facts?".
  const builtIn = knownFacts.get(tool);
  if (builtIn === undefined) return { known: false, capability: declared ?? 'exec' };
  if (!declared || strength[declared] <= strength[builtIn.capability]) return builtIn;
  return { ...builtIn, capability: declared, known: true };
}

/**
 * The facts of each known tool at its own capability, made once and shared (frozen, so nobody
 * changes them for everyone): the engine asks for a call's tool facts several times per call.
 * A Map, not the object above, so that a tool named `constructor` or `__proto__` is unknown.
 */
const knownFacts: ReadonlyMap<string, ToolFacts> = new Map(
  Object.entries(known).map(([name, builtIn]) => [name, Object.freeze({ ...builtIn, known: true })]),
);

/** The string field of `input` named `field`, if it is a string. */
export function stringField(input: Record<string, unknown>, field: string | undefined): string | undefined {
  if (!field) return undefined;
  const value = input[field];
  return typeof value === 'string' ? value : undefined;
}

/** Whether the relay knows the tool by name (its capability is then the relay's own). */
export const isKnownTool = (tool: string): boolean => knownFacts.has(tool);
