import { parsePatch, patchPaths } from '../patch/index.ts';
import { knownDirectory, relativeTo, resolveCallPath } from '../paths/index.ts';
import { hasShortName, otherReading } from '../paths/normalize.ts';
import type { FileTool } from './file-tools.ts';
import { compilePathGlob, type PathGlob } from './path-glob.ts';
import { parsePathPattern } from './path-pattern.ts';
import type { InputMatcher, RuleBehavior, RuleTarget } from './types.ts';

/**
 * Names no rule would spell out, standing for "any file in this directory": a directory search is
 * covered by an allow rule only when all of them match, and by a deny rule when any does.
 */
const PROBES = ['\u0001', '.\u0001', '\u0001/\u0001', '\u0001/.\u0001'];
const PARENT_SEGMENT = /(^|\/)\.\.(\/|$)/;
const MAX_PATH_CHARS = 4096;

/**
 * `Read(path)`, `Edit(path)`, `Write(path)` and the other file tools. The call's path is resolved
 * against `cwd` (or `home` for `~/…`) and normalized, so `src/../../etc/passwd` is `/etc/passwd`,
 * never something under `src`.
 *
 * Allow is strict: a path whose base (cwd or home) is unknown matches nothing, the match is
 * case-sensitive, and a directory search (Grep, Glob, LS) must be covered whole.
 * Deny and ask are generous: an unresolvable or missing path matches; case is ignored (macOS and
 * Windows file systems ignore it); a rule relative to an unknown cwd or home matches the pattern at
 * any depth (`~/.ssh/x` is then looked for under every directory); a directory search matches when the rule could
 * match anything beneath it.
 */
export function compilePathMatcher(
  rule: string,
  specifier: string,
  behavior: RuleBehavior,
  tools: Readonly<Record<string, FileTool>>,
): InputMatcher {
  const allowSide = behavior === 'allow';
  const parsed = parsePathPattern(rule, specifier);
  const matcher = compilePathGlob(parsed.glob, !allowSide);
  const floating = compilePathGlob(parsed.glob.startsWith('**/') ? parsed.glob : `**/${parsed.glob}`, true);
  const staticBase = allowSide ? parsed.staticBase : parsed.staticBase.toLowerCase();
  const test = (on: PathGlob, relative: string): boolean => relative !== '' && on.test(relative);
  const under = (relative: string, name: string): string => (relative === '' ? name : `${relative}/${name}`);

  const couldMatchBeneath = (relative: string): boolean => {
    const directory = relative.toLowerCase();
    return (
      staticBase === '' ||
      directory === '' ||
      staticBase === directory ||
      staticBase.startsWith(`${directory}/`) ||
      directory.startsWith(`${staticBase}/`)
    );
  };

  /**
   * One path normaliser for rules, the secret list and protected paths (shared/paths/normalize.ts):
   * a path Windows would read otherwise (`secrets./k`, `.env::$DATA`, `a\b`) is matched by deny
   * and ask rules as written and as read there, and by no allow rule; an 8.3 short name may be any
   * name, so deny and ask rules match it.
   */
  const matchesPath = (target: RuleTarget, tool: FileTool, path: string | undefined): boolean => {
    const other = path === undefined ? undefined : otherReading(path);
    if (other === undefined) return matchesWritten(target, tool, path);
    if (allowSide) return false;
    return hasShortName(path!) || matchesWritten(target, tool, path) || matchesWritten(target, tool, other);
  };

  const matchesWritten = (target: RuleTarget, tool: FileTool, path: string | undefined): boolean => {
    if (path === undefined) return !allowSide;
    const absolute = resolveCallPath(path, target.cwd, target.home);
    // Longer than PATH_MAX: no such file, and not worth matching.
    if (absolute === undefined || absolute.length > MAX_PATH_CHARS) return !allowSide;
    const root =
      parsed.anchor === 'root' ? '/' : knownDirectory(parsed.anchor === 'home' ? target.home : target.cwd);
    if (root === undefined) {
      if (allowSide) return false;
      return tool.directory || absolute === '/' || test(floating, absolute.slice(1));
    }
    const relative = relativeTo(root, absolute);
    if (relative === undefined) {
      // A search started above the rule's directory descends into it.
      return !allowSide && tool.directory && (absolute === '/' || root.startsWith(`${absolute}/`));
    }
    if (test(matcher, relative)) return true;
    const probes = PROBES.map((probe) => under(relative, probe));
    if (allowSide)
      return tool.directory || relative === '' ? probes.every((probe) => test(matcher, probe)) : false;
    if (!tool.directory && relative !== '') return false;
    return probes.some((probe) => test(matcher, probe)) || couldMatchBeneath(relative);
  };

  return (target: RuleTarget): boolean => {
    const tool = tools[target.tool];
    if (tool === undefined) return false;
    if (!tool.patch) return matchesPath(target, tool, callPath(target, tool));
    // A patch: allow covers it only when it covers every file the patch touches; deny and ask
    // when they cover any, or when the files cannot be known for sure.
    const paths = patchTargetPaths(target, tool);
    if (paths === undefined) return !allowSide;
    return allowSide
      ? paths.every((path) => matchesPath(target, tool, path))
      : paths.some((path) => matchesPath(target, tool, path));
  };
}

/** The files a patch call touches, read by the engine (`target.patch`) or here; undefined if unsure. */
function patchTargetPaths(target: RuleTarget, tool: FileTool): string[] | undefined {
  const text = target.input[tool.field];
  if (typeof text !== 'string') return undefined;
  return patchPaths(target.patch ?? parsePatch(text));
}

/**
 * The path a call touches. Directory searches default to the working directory. Glob's own
 * `pattern` may climb out (`../**`) or be absolute; then the path is not known.
 */
function callPath(target: RuleTarget, tool: FileTool): string | undefined {
  const value = target.input[tool.field];
  if (target.tool === 'Glob') {
    const pattern = target.input.pattern;
    if (
      typeof pattern !== 'string' ||
      pattern.startsWith('/') ||
      pattern.startsWith('~') ||
      PARENT_SEGMENT.test(pattern)
    ) {
      return undefined;
    }
  }
  if (value === undefined && tool.directory) return '.';
  return typeof value === 'string' && value !== '' ? value : undefined;
}
