import { analyzeShell } from '../shell/index.ts';
import { generousReadings } from './bash-readings.ts';
import { simpleNamesMayStartWith, simpleSegments } from './bash-simple.ts';
import { commandView } from './bash-view.ts';
import { serversOf } from './tool-name.ts';
import type { CompiledRule, RuleTarget } from './types.ts';

/**
 * A list of rules filed so that a call meets only the rules that can apply to it, with the answer
 * a linear scan would give: `firstMatch(target)` is `rules.find((rule) => rule.matches(target))`.
 *
 * Rules are filed by the tools they cover (exact names, MCP servers) and Bash command rules also by
 * the words their commands begin with, in a tree of words. Filing only ever skips a rule that
 * cannot match; anything the index cannot reason about (a rule without coverage data, a command
 * that is not a string, a command a deny rule would match whatever its pattern) is checked.
 */
export interface RuleIndex {
  readonly size: number;
  firstMatch(target: RuleTarget): CompiledRule | undefined;
  /** The rules `firstMatch` tries for this call, in list order (exposed for tests). */
  candidates(target: RuleTarget): readonly CompiledRule[];
}

/** A rule and its place in the list: candidates are tried in list order, so the first match wins. */
interface Filed {
  readonly position: number;
  readonly rule: CompiledRule;
}

/** Command rules by the words their commands begin with; `here` holds the rules whose words end here. */
interface WordTree {
  readonly here: Filed[];
  readonly next: Map<string, WordTree>;
  /**
   * The same children as a list, each word compared in place with the text: slicing a word out
   * of the text and hashing it for `next` cost more than comparing it with a few words.
   */
  readonly children: Child[];
  /**
   * For a node with many children (`Bash(npm run task1:*)` … `task50`), the children by the
   * length and first character of their word (`shapeOf`); undefined for a node with few.
   */
  byShape: Map<number, Child[]> | undefined;
  /**
   * The children's first character codes, so most words miss a crowded node at once: a flag per
   * ASCII code, since reading a table cost less than asking a Set, and any other code in a Set.
   */
  readonly asciiFirsts: Uint8Array;
  readonly otherFirsts: Set<number>;
  /**
   * The same first characters as bits, four words of 32, for telling a whole command from them
   * at once (bash-simple.ts); the empty word or a character past ASCII sets them all. Kept beside
   * `asciiFirsts` rather than replacing it: reading a word's flag through the bits cost more.
   */
  readonly firstBits: Int32Array;
}

interface Child {
  readonly word: string;
  /** The word's first character code (-1 for the empty word), compared before the word itself. */
  readonly first: number;
  readonly tree: WordTree;
}

const ASCII = 128;

/** Children a node compares one by one before it files them by shape. */
const FEW_CHILDREN = 8;

/** The rules of one tool name: by command words for Bash command rules, plain otherwise. */
interface ToolShelf {
  readonly plain: Filed[];
  /** Allow command rules need every simple command matched as written. */
  readonly strictCommands: WordTree;
  /** Deny and ask command rules match any reading of any command (bash-readings.ts). */
  readonly generousCommands: WordTree;
  commandRules: number;
}

const newTree = (): WordTree => ({
  here: [],
  next: new Map(),
  children: [],
  byShape: undefined,
  asciiFirsts: new Uint8Array(ASCII),
  otherFirsts: new Set(),
  firstBits: new Int32Array(4),
});
const newShelf = (): ToolShelf => ({
  plain: [],
  strictCommands: newTree(),
  generousCommands: newTree(),
  commandRules: 0,
});

export function indexRules(rules: readonly CompiledRule[]): RuleIndex {
  const byTool = new Map<string, ToolShelf>();
  const byServer = new Map<string, Filed[]>();
  const everywhere: Filed[] = [];
  const shelf = (tool: string): ToolShelf => {
    const found = byTool.get(tool);
    if (found !== undefined) return found;
    const created = newShelf();
    byTool.set(tool, created);
    return created;
  };

  rules.forEach((rule, position) => {
    const filed = { position, rule };
    const { coverage } = rule;
    if (coverage === undefined) everywhere.push(filed);
    else if (coverage.mcpServer !== undefined) {
      const list = byServer.get(coverage.mcpServer);
      if (list === undefined) byServer.set(coverage.mcpServer, [filed]);
      else list.push(filed);
    } else {
      for (const tool of coverage.tools) {
        const toolShelf = shelf(tool);
        if (rule.commandWords === undefined) toolShelf.plain.push(filed);
        else {
          const tree = rule.behavior === 'allow' ? toolShelf.strictCommands : toolShelf.generousCommands;
          fileUnder(tree, rule.commandWords, filed);
          toolShelf.commandRules += 1;
        }
      }
    }
  });

  // The shelf of the last tool asked about: each call asks the deny, ask and allow lists about
  // its one tool, and calls come tool after tool of one name (Bash, Bash, Edit…). Comparing the
  // name with the last one cost less than finding it in the Map again.
  let lastTool: string | undefined;
  let lastShelf: ToolShelf | undefined;
  // The lists a call's candidates come from; made at the first list found, since most calls
  // meet no rule of most lists (a deny list rarely names the command an agent runs).
  const candidates = (target: RuleTarget): Filed[] => {
    let found: Found = everywhere.length > 0 ? [everywhere] : undefined;
    const tool = target.tool;
    if (tool !== lastTool) {
      lastShelf = byTool.get(tool);
      lastTool = tool;
    }
    const toolShelf = lastShelf;
    if (toolShelf !== undefined) {
      if (toolShelf.plain.length > 0) found = add(found, toolShelf.plain);
      if (toolShelf.commandRules > 0) found = commandCandidates(toolShelf, target, found);
    }
    if (byServer.size > 0) {
      const servers = serversOf(target.tool);
      for (let index = 0; index < servers.length; index += 1) {
        const list = byServer.get(servers[index]!);
        if (list !== undefined) found = add(found, list);
      }
    }
    return found === undefined ? NO_CANDIDATES : inListOrder(found);
  };

  // The index only narrows the search; if narrowing fails on a strange call, every rule is tried.
  const allFiled = rules.map((rule, position) => ({ position, rule }));
  const safeCandidates = (target: RuleTarget): Filed[] => {
    try {
      return candidates(target);
    } catch {
      return allFiled;
    }
  };

  return {
    size: rules.length,
    firstMatch(target) {
      const filed = safeCandidates(target);
      for (let index = 0; index < filed.length; index += 1) {
        const { rule } = filed[index]!;
        if (rule.matches(target)) return rule;
      }
      return undefined;
    },
    candidates: (target) => safeCandidates(target).map(({ rule }) => rule),
  };
}

function fileUnder(tree: WordTree, words: readonly string[], filed: Filed): void {
  let node = tree;
  for (const spelled of words) {
    const word = spelled;
    let child = node.next.get(word);
    if (child === undefined) {
      child = newTree();
      node.next.set(word, child);
      addChild(node, { word, first: word === '' ? -1 : word.charCodeAt(0), tree: child });
    }
    node = child;
  }
  node.here.push(filed);
}

function addChild(node: WordTree, child: Child): void {
  node.children.push(child);
  if (child.first >= 0 && child.first < ASCII) {
    node.asciiFirsts[child.first] = 1;
    node.firstBits[child.first >> 5]! |= 1 << (child.first & 31);
  } else {
    node.otherFirsts.add(child.first);
    // The empty word (-1) and names past ASCII: any command may reach them.
    node.firstBits.fill(-1);
  }
  if (node.byShape === undefined && node.children.length <= FEW_CHILDREN) return;
  if (node.byShape === undefined) {
    node.byShape = new Map();
    for (const each of node.children) fileByShape(node.byShape, each);
  } else fileByShape(node.byShape, child);
}

function fileByShape(byShape: Map<number, Child[]>, child: Child): void {
  const shape = shapeOf(child.word, 0, child.word.length);
  const alike = byShape.get(shape);
  if (alike === undefined) byShape.set(shape, [child]);
  else alike.push(child);
}

/** The length and first character of the word `text.slice(from, end)` as one number; -1 when it is empty. */
function shapeOf(text: string, from: number, end: number): number {
  return end === from ? -1 : (end - from) * 0x10000 + text.charCodeAt(from);
}

/** Command rules that may match the call's command, added to `found`. */
function commandCandidates(shelf: ToolShelf, target: RuleTarget, found: Found): Found {
  const input = target.input;
  const command = typeof input === 'object' && input !== null ? input.command : undefined;
  let gathered = found;
  if (typeof command !== 'string') {
    // Allow rules refuse it and deny rules match it: only the latter need looking at, but both are cheap.
    gathered = gatherAll(shelf.strictCommands, gathered);
    return gatherAll(shelf.generousCommands, gathered);
  }
  const segments = simpleSegments(command);
  if (segments !== undefined) {
    // Each simple command's text is its one reading and its allow rendering (bash-simple.ts).
    if (hasRules(shelf.strictCommands))
      gathered = gatherAlongWords(shelf.strictCommands, segments[0]!.argv, gathered);
    const generous = shelf.generousCommands;
    // Most commands start none of a deny or ask list's commands: told at once, by first characters.
    if (
      generous.here.length > 0 ||
      (generous.children.length > 0 && simpleNamesMayStartWith(generous.firstBits))
    ) {
      for (let index = 0; index < segments.length; index += 1)
        gathered = gatherAlongWords(generous, segments[index]!.argv, gathered);
    }
    return gathered;
  }
  const analysis = analyzeShell(command);
  if (hasRules(shelf.strictCommands)) {
    // An allow rule must match every simple command, the first among them: the rules filed under
    // the first one's words are all that can (a rule matches only texts that begin with its words).
    const view = commandView(analysis);
    const first = view.allowable ? view.segments[0]?.allowRendering : undefined;
    if (first !== undefined) gathered = gatherAlong(shelf.strictCommands, first, gathered);
  }
  if (hasRules(shelf.generousCommands)) {
    const readings = generousReadings(analysis);
    if (readings === 'any') gathered = gatherAll(shelf.generousCommands, gathered);
    else for (const reading of readings) gathered = gatherAlong(shelf.generousCommands, reading, gathered);
  }
  return gathered;
}

/** Lists of candidates gathered so far; undefined until the first. */
type Found = Filed[][] | undefined;

function add(found: Found, list: Filed[]): Filed[][] {
  if (found === undefined) return [list];
  found.push(list);
  return found;
}

const hasRules = (tree: WordTree): boolean => tree.here.length > 0 || tree.children.length > 0;

/** The rules filed under the words `text` begins with (split on single spaces, as rules are). */
function gatherAlong(tree: WordTree, text: string, found: Found): Found {
  let node = tree;
  let from = 0;
  let gathered = found;
  for (;;) {
    if (node.here.length > 0) gathered = add(gathered, node.here);
    if (node.children.length === 0 || from > text.length) return gathered;
    const child = childAt(node, text, from);
    if (child === undefined) return gathered;
    node = child.tree;
    from += child.word.length + 1;
  }
}

/**
 * `gatherAlong` for a text that is `words` one space apart, none of them empty or holding a
 * blank (a simply written command, bash-simple.ts): the words are compared whole, not read
 * character by character out of the text.
 */
function gatherAlongWords(tree: WordTree, words: readonly string[], found: Found): Found {
  let node = tree;
  let gathered = found;
  for (let index = 0; ; index += 1) {
    if (node.here.length > 0) gathered = add(gathered, node.here);
    if (node.children.length === 0 || index >= words.length) return gathered;
    const child = childNamed(node, words[index]!);
    if (child === undefined) return gathered;
    node = child.tree;
  }
}

/** The child filed under `word`, a word that is not empty. */
function childNamed(node: WordTree, word: string): Child | undefined {
  const first = word.charCodeAt(0);
  let candidates: readonly Child[] | undefined = node.children;
  if (node.byShape !== undefined) {
    const known = first < ASCII ? node.asciiFirsts[first] === 1 : node.otherFirsts.has(first);
    if (!known) return undefined;
    candidates = node.byShape.get(shapeOf(word, 0, word.length));
    if (candidates === undefined) return undefined;
  }
  for (let index = 0; index < candidates.length; index += 1) {
    const child = candidates[index]!;
    if (child.first === first && child.word === word) return child;
  }
  return undefined;
}

/** The child filed under the word of `text` at `from` (up to the next space), compared in place. */
function childAt(node: WordTree, text: string, from: number): Child | undefined {
  const first = firstCode(text, from);
  let candidates: readonly Child[] | undefined = node.children;
  if (node.byShape !== undefined) {
    const known = first >= 0 && first < ASCII ? node.asciiFirsts[first] === 1 : node.otherFirsts.has(first);
    if (!known) return undefined;
    const space = text.indexOf(' ', from);
    candidates = node.byShape.get(shapeOf(text, from, space === -1 ? text.length : space));
    if (candidates === undefined) return undefined;
  }
  for (let index = 0; index < candidates.length; index += 1) {
    const child = candidates[index]!;
    if (child.first !== first) continue;
    const { word } = child;
    const after = from + word.length;
    // The word, then a space or the end of the text: the whole word at `from`, not a prefix of it.
    if (restMatches(text, from, word) && (after === text.length || text.charCodeAt(after) === SPACE))
      return child;
  }
  return undefined;
}

/**
 * Whether `text` holds `word` at `from`, its first character already compared. Character by
 * character: command words are short, and a call to `startsWith` cost more than the comparing.
 */
function restMatches(text: string, from: number, word: string): boolean {
  if (from + word.length > text.length) return false;
  for (let index = 1; index < word.length; index += 1) {
    if (text.charCodeAt(from + index) !== word.charCodeAt(index)) return false;
  }
  return true;
}

/** The first character code of the word of `text` at `from`; -1 when that word is empty. */
function firstCode(text: string, from: number): number {
  const code = text.charCodeAt(from);
  return code === SPACE || Number.isNaN(code) ? -1 : code;
}

const SPACE = 32;

function gatherAll(tree: WordTree, found: Found): Found {
  let gathered = tree.here.length > 0 ? add(found, tree.here) : found;
  for (const child of tree.next.values()) gathered = gatherAll(child, gathered);
  return gathered;
}

/** What a call with no candidates gets: nobody changes it. */
const NO_CANDIDATES: Filed[] = Object.freeze([]) as unknown as Filed[];

/** The lists merged in list order, each rule once (a rule may be filed under several readings). */
function inListOrder(found: Filed[][]): Filed[] {
  const first = found[0]!;
  let oneList = true;
  for (let index = 1; index < found.length && oneList; index += 1) oneList = found[index] === first;
  if (oneList) return first;
  const merged = found.flat();
  merged.sort((a, b) => a.position - b.position);
  let kept = 0;
  for (const filed of merged) {
    if (kept === 0 || merged[kept - 1]!.position !== filed.position) merged[kept++] = filed;
  }
  merged.length = kept;
  return merged;
}
