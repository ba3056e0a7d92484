import { limits } from '../contract/index.ts';
import { rememberedForKeys } from './key-memo.ts';
import type { SecretKind } from './kinds.ts';
import { maskSecrets } from './mask.ts';
import { matchSecrets, mayHoldSecret, mergeSpans } from './match.ts';
import { sensitiveKeyKind, sensitivePairName } from './sensitive-keys.ts';
import type { HintedText } from './text-hints.ts';
import { isPlaceholder } from './values.ts';

/** A secret found in a tool call's input. `path` names where, never what (`env.0.value`). */
export interface SecretFinding {
  kind: SecretKind;
  path: string;
}

/**
 * How much the scan will look at. Wire inputs are already bounded (`limits.inputChars`,
 * `limits.inputDepth`), so these are generous; past them the scan stops and reports
 * `unscanned_input`, because an input it could not read is not a clean input.
 */
const bounds = {
  depth: limits.inputDepth * 2,
  nodes: 200_000,
  chars: limits.inputChars * 4,
};

/** A path segment for display: bounded, and masked in case an object key is itself a secret. */
function segment(key: string): string {
  const masked = maskSecrets(key.length > 1000 ? key.slice(0, 1000) : key);
  return masked.length > 100 ? `${masked.slice(0, 100)}…` : masked;
}

/** The display path of the keys leading to a node: `env.0.value`. */
function pathOf(keys: readonly string[]): string {
  let path = '';
  for (const key of keys) path = path === '' ? segment(key) : `${path}.${segment(key)}`;
  return path;
}

const keyMayHoldSecret = rememberedForKeys(mayHoldSecret);
const sensitiveKeyOf = rememberedForKeys(sensitiveKeyKind);

/**
 * Objects already visited, so that shared objects are scanned once and cycles end. Inputs hold a
 * handful of objects, so a list searched from its end serves until it grows past this size, when
 * a Set takes over; a Set made for every input was a good part of scanning a clean one.
 */
const visitedListSize = 16;

/** One scan of one input: its state as fields, not as closures made for every input. */
class SecretWalk {
  readonly findings: SecretFinding[] = [];
  /** The keys down to the node being visited; a path is spelled out only for a finding. */
  readonly keys: string[] = [];
  visitedList: object[] = [];
  visitedSet: Set<object> | undefined;
  nodes = 0;
  chars = 0;
  stopped = false;
  /** Made at the first finding: a clean input (most inputs) never needs it. */
  seen: Set<string> | undefined;
  /** A text of the input whose hints the caller worked out already (the call's command). */
  readonly known: HintedText | undefined;

  constructor(known: HintedText | undefined) {
    this.known = known;
  }

  report(kind: SecretKind): void {
    const path = pathOf(this.keys);
    const id = `${kind}\u0000${path}`;
    this.seen ??= new Set();
    if (this.seen.has(id)) return;
    this.seen.add(id);
    this.findings.push({ kind, path });
  }

  stop(): void {
    this.report('unscanned_input');
    this.stopped = true;
  }

  /**
   * Counts `text` against the bounds and reports its secrets. An object key is most often a field
   * name seen before, whose hint is remembered.
   */
  scanText(text: string, isKey: boolean): void {
    this.chars += text.length;
    if (this.chars > bounds.chars) {
      this.stop();
      return;
    }
    const known = this.known;
    const hints = known !== undefined && known.text === text ? known.hints : undefined;
    if (!(isKey ? keyMayHoldSecret(text) : mayHoldSecret(text, hints))) return;
    const spans = matchSecrets(text);
    if (spans.length === 0) return;
    for (const span of mergeSpans(spans)) this.report(span.kind);
  }

  /** Marks `node` visited; false when it was already. */
  firstVisit(node: object): boolean {
    const set = this.visitedSet;
    if (set !== undefined) {
      if (set.has(node)) return false;
      set.add(node);
      return true;
    }
    const list = this.visitedList;
    for (let index = list.length - 1; index >= 0; index -= 1) if (list[index] === node) return false;
    if (list.length < visitedListSize) list.push(node);
    else {
      this.visitedSet = new Set(list);
      this.visitedSet.add(node);
    }
    return true;
  }

  visit(node: unknown, depth: number, sensitive: SecretKind | null): void {
    if (this.stopped) return;
    if (++this.nodes > bounds.nodes) {
      this.stop();
      return;
    }
    if (typeof node === 'string') {
      if (sensitive && node.length >= 3 && !isPlaceholder(node)) this.report(sensitive);
      this.scanText(node, false);
      return;
    }
    if (node === null || typeof node !== 'object' || !this.firstVisit(node)) return;
    if (depth >= bounds.depth) {
      this.stop();
      return;
    }
    const keys = this.keys;
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length && !this.stopped; index++) {
        keys.push(String(index));
        this.visit(node[index], depth + 1, null);
        keys.pop();
      }
      return;
    }
    const record = node as Record<string, unknown>;
    const pairName = sensitivePairName(record);
    for (const key of Object.keys(record)) {
      if (this.stopped) return;
      keys.push(key);
      this.scanText(key, true);
      const kind =
        sensitiveKeyOf(key) ?? (pairName !== null && key === 'value' ? sensitiveKeyKind(pairName) : null);
      this.visit(record[key], depth + 1, kind);
      keys.pop();
    }
  }
}

/**
 * Every secret in a tool call's input: each string value and each object key is matched
 * against the secret patterns, and string values under sensitive keys (`password`, `apiKey`,
 * `{name: "DB_PASSWORD", value}`) count whatever they look like, unless they are placeholders.
 * One finding per kind and path, in input order. `known` is a text of the input whose hints the
 * caller has already (text-hints.ts), so it is not read twice.
 */
export function findSecrets(value: unknown, known?: HintedText): SecretFinding[] {
  const walk = new SecretWalk(known);
  try {
    walk.visit(value, 0, null);
  } catch {
    // A hostile object (a throwing getter, a revoked proxy) cannot be vouched for.
    walk.keys.length = 0;
    walk.report('unscanned_input');
  }
  return walk.findings;
}
