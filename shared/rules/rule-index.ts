import { commandNames } from './command-names.ts';
import { serversOf } from './tool-name.ts';
import type { CompiledRule, RuleTarget } from './types.ts';

/**
 * A list of rules with one behavior, as `decide` asks it: `firstMatch(target)` is the first rule
 * of the list that matches, exactly what `rules.find((rule) => rule.matches(target))` returns.
 */
export interface RuleIndex {
  readonly size: number;
  firstMatch(target: RuleTarget): CompiledRule | undefined;
}

/** A rule and its place in the list: candidates are tried in list order, so the first match wins. */
interface Filed {
  readonly position: number;
  readonly rule: CompiledRule;
}

/** The rules of one tool: Bash command rules by the first word of their command, the others as they come. */
interface Shelf {
  readonly always: Filed[];
  readonly byCommandName: Map<string, Filed[]>;
}

/**
 * Rules filed by the tools they cover and, for Bash command rules, by their command's first word
 * (rules whose command starts with `*` are tried for every command). Without it the 200-rule
 * bench plan took about 65 µs a call on its compound command, most of it Bash rules of other
 * commands (README.md, "Cost"). Filing only ever skips a rule that cannot match;
 * test/unit/rules-index.test.ts checks it against the linear scan.
 */
export function indexRules(rules: readonly CompiledRule[]): RuleIndex {
  const byTool = new Map<string, Shelf>();
  const byServer = new Map<string, Filed[]>();
  const everywhere: Filed[] = [];
  const behavior = rules[0]?.behavior ?? 'deny';
  rules.forEach((rule, position) => {
    const filed = { position, rule };
    const { coverage } = rule;
    if (coverage === undefined) everywhere.push(filed);
    else if (coverage.mcpServer !== undefined) push(byServer, coverage.mcpServer, filed);
    else {
      for (const tool of coverage.tools) {
        let shelf = byTool.get(tool);
        if (shelf === undefined) byTool.set(tool, (shelf = { always: [], byCommandName: new Map() }));
        if (rule.commandName === undefined) shelf.always.push(filed);
        else push(shelf.byCommandName, rule.commandName, filed);
      }
    }
  });

  const candidates = (target: RuleTarget): readonly Filed[] => {
    const found: Filed[][] = [everywhere];
    const shelf = byTool.get(target.tool);
    if (shelf !== undefined) {
      found.push(shelf.always);
      if (shelf.byCommandName.size > 0) {
        const names = commandNames(target, behavior);
        if (names === 'any') found.push(...shelf.byCommandName.values());
        else for (const name of names) found.push(shelf.byCommandName.get(name) ?? []);
      }
    }
    for (const server of serversOf(target.tool)) found.push(byServer.get(server) ?? []);
    return inListOrder(found);
  };

  return {
    size: rules.length,
    firstMatch(target) {
      let filed: readonly Filed[];
      try {
        filed = candidates(target);
      } catch {
        // The index only narrows the search; should narrowing trip over a strange call, every rule is tried.
        return rules.find((rule) => rule.matches(target));
      }
      return filed.find(({ rule }) => rule.matches(target))?.rule;
    },
  };
}

function push<Key>(map: Map<Key, Filed[]>, key: Key, filed: Filed): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [filed]);
  else list.push(filed);
}

/** The lists merged in list order, each rule once (a rule of several tools may be met twice). */
function inListOrder(found: readonly Filed[][]): readonly Filed[] {
  const lists = found.filter((list) => list.length > 0);
  // Each list is in list order already; most calls meet one list or none.
  if (lists.length <= 1) return lists[0] ?? [];
  const merged = lists.flat().sort((a, b) => a.position - b.position);
  return merged.filter((filed, at) => at === 0 || merged[at - 1]!.position !== filed.position);
}
