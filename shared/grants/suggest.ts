import type { EngineToolCall } from '../contract/index.ts';
import type { CallFacts } from '../engine/facts.ts';
import { knownDirectory, relativeTo, resolveCallPath } from '../paths/index.ts';
import { mcpServerOf } from '../rules/tool-name.ts';
import type { ShellSegment } from '../shell/index.ts';
import { checkGrantRules, type GrantCallContext } from './check.ts';
import { namedRunners } from './never.ts';

/** One choice of the answer menu: the rules saved together (several for a compound command). */
export interface RuleSuggestion {
  rules: string[];
}

/** A subcommand as people type it: `install`, `run-script`, `test:unit` — not an option or a path. */
const SUBCOMMAND = /^[a-z][a-z0-9:._-]*$/;
/** Characters a rule would read as syntax (`*`, parentheses, escapes): such words are not spelled into one. */
const RULE_SYNTAX = /[*()\\]/;
/** Characters a path rule would read as a glob. */
const PATH_SYNTAX = /[*?[\]\\()]/;

/**
 * The narrowest useful rules for a call, narrowest first, derived from the engine's own parse
 * (the call's facts): for Bash the exact command and `program subcommand:*`; for an edit the
 * file, its directory and its top directory under cwd; for WebFetch the host; for an MCP tool
 * the tool. Every suggestion passes `checkGrantRules` for this call (so it covers the call and
 * is nothing no approver may save); a part of a compound command that gets no rule means no
 * suggestion. A critical call gets none: it is granted only as itself.
 */
export function suggestRules(
  call: EngineToolCall,
  facts: CallFacts,
  options: GrantCallContext = {},
): RuleSuggestion[] {
  const candidates = candidatesFor(call, facts, options);
  const out: RuleSuggestion[] = [];
  for (const rules of candidates) {
    if (out.some((kept) => kept.rules.join('\n') === rules.join('\n'))) continue;
    if (checkGrantRules(rules, call, facts, options).ok) out.push({ rules });
  }
  return out;
}

function candidatesFor(call: EngineToolCall, facts: CallFacts, options: GrantCallContext): string[][] {
  if (facts.tool.commandField !== undefined) return bashCandidates(facts);
  if (facts.tool.edits) return editCandidates(facts.path, call.cwd, options.home);
  if (call.tool === 'WebFetch') return webFetchCandidates(call.input.url);
  if (call.tool.startsWith('mcp__') && mcpServerOf(call.tool) === undefined) return [[call.tool]];
  return [];
}

/** Per simple command, its rules from narrow to wide; then one suggestion per width. */
function bashCandidates(facts: CallFacts): string[][] {
  const shell = facts.shell;
  if (shell === undefined || shell.error !== undefined || shell.segments.length === 0) return [];
  const perSegment = shell.segments.map(segmentRules);
  if (perSegment.some((rules) => rules.length === 0)) return [];
  const widths = Math.max(...perSegment.map((rules) => rules.length));
  const out: string[][] = [];
  for (let width = 0; width < widths; width += 1) {
    const rules = perSegment.map((rules) => rules[Math.min(width, rules.length - 1)]!);
    out.push([...new Set(rules)]);
  }
  return out;
}

/** `Bash(the command as written)`, then `Bash(program subcommand:*)` (a runner's named target too). */
function segmentRules(segment: ShellSegment): string[] {
  const words = segment.words;
  if (words === undefined || words.length === 0 || segment.assignments.length > 0) return [];
  if (words.length !== segment.argv.length) return [];
  const literal = (at: number) => words[at] !== undefined && !words[at]!.dynamic && !words[at]!.glob;
  if (!literal(0)) return [];
  const rules: string[] = [];
  const raw = words.map((word) => word.raw);
  if (!raw.some((word) => RULE_SYNTAX.test(word))) rules.push(`Bash(${raw.join(' ')})`);
  const [program, second, third] = segment.argv;
  if (program === undefined || second === undefined || !literal(0) || !literal(1) || !SUBCOMMAND.test(second))
    return rules;
  if (RULE_SYNTAX.test(program) || /\s/.test(program)) return rules;
  if (namedRunners[program]?.includes(second)) {
    if (third !== undefined && literal(2) && SUBCOMMAND.test(third) && words.length > 3) {
      rules.push(`Bash(${program} ${second} ${third}:*)`);
    }
    return rules;
  }
  if (words.length > 2) rules.push(`Bash(${program} ${second}:*)`);
  return rules;
}

/** The file, then its directory, then its top directory, relative to cwd (`/x` pins a file at the top). */
function editCandidates(
  path: string | undefined,
  cwd: string | undefined,
  home: string | undefined,
): string[][] {
  const base = knownDirectory(cwd);
  if (path === undefined || base === undefined) return [];
  const resolved = resolveCallPath(path, base, home);
  const relative = resolved === undefined ? undefined : relativeTo(base, resolved);
  if (relative === undefined || relative === '') return [];
  const parts = relative.split('/');
  if (parts.some((part) => PATH_SYNTAX.test(part) || part.trim() !== part)) return [];
  const directories = parts.slice(0, -1);
  const rules = [directories.length === 0 ? `Edit(/${relative})` : `Edit(${relative})`];
  if (directories.length > 0) rules.push(`Edit(${directories.join('/')}/**)`);
  if (directories.length > 1) rules.push(`Edit(${directories[0]}/**)`);
  return rules.map((rule) => [rule]);
}

function webFetchCandidates(url: unknown): string[][] {
  if (typeof url !== 'string') return [];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return [];
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  return host === '' ? [] : [[`WebFetch(domain:${host})`]];
}
