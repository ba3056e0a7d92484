import { compileStarGlob } from './star-glob.ts';
import type { InputMatcher, RuleBehavior } from './types.ts';

/** Tools whose specifier names a subagent type, e.g. `Task(Explore)`. */
const SUBAGENT_TOOLS = new Set(['Task', 'Agent']);
/** How far and how much of an input deny matching walks before it gives up and matches. */
const MAX_DEPTH = 8;
const MAX_STRINGS = 2000;

/**
 * Specifiers of tools without a syntax of their own, with `*` wildcards.
 * - `Task(Explore)` / `Agent(Explore)`: the `subagent_type` argument.
 * - Anything else (`mcp__x__y(foo)`, `MyTool(bar)`): the call's string arguments. Allow needs every
 *   top-level argument to be a string matching the pattern (case-sensitive); deny and ask match when
 *   any string anywhere in the input matches, ignoring case, or when the input is too big to walk.
 */
export function compileArgumentMatcher(
  tool: string,
  specifier: string,
  behavior: RuleBehavior,
): InputMatcher {
  const allowSide = behavior === 'allow';
  const glob = compileStarGlob(specifier, !allowSide);
  if (SUBAGENT_TOOLS.has(tool)) {
    return ({ input }) => {
      const subagent = input.subagent_type;
      return typeof subagent === 'string' ? glob.test(subagent) : !allowSide;
    };
  }
  if (allowSide) {
    return ({ input }) => {
      const values = Object.values(input);
      return values.length > 0 && values.every((value) => typeof value === 'string' && glob.test(value));
    };
  }
  return ({ input }) => {
    const strings: string[] = [];
    if (!collectStrings(input, 0, strings)) return true;
    return strings.some((value) => glob.test(value));
  };
}

/** Collects the strings of a value; false when it is deeper or larger than we are willing to walk. */
function collectStrings(value: unknown, depth: number, into: string[]): boolean {
  if (typeof value === 'string') {
    into.push(value);
    return into.length <= MAX_STRINGS;
  }
  if (typeof value !== 'object' || value === null) return true;
  if (depth >= MAX_DEPTH) return false;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    if (!collectStrings(item, depth + 1, into)) return false;
  }
  return true;
}
