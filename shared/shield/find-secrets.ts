import { limits } from '../contract/index.ts';
import type { SecretKind } from './kinds.ts';
import { maskSecrets } from './mask.ts';
import { matchSecrets, mergeSpans } from './match.ts';
import { sensitiveKeyKind, sensitivePairName } from './sensitive-keys.ts';
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

/** One scan of one input. */
class SecretWalk {
  readonly findings: SecretFinding[] = [];
  /** The keys down to the node being visited; a path is spelled out only for a finding. */
  readonly keys: string[] = [];
  /** Objects already visited, so that shared objects are scanned once and cycles end. */
  readonly visited = new Set<object>();
  readonly seen = new Set<string>();
  nodes = 0;
  chars = 0;
  stopped = false;

  report(kind: SecretKind): void {
    const path = pathOf(this.keys);
    const id = `${kind}\u0000${path}`;
    if (this.seen.has(id)) return;
    this.seen.add(id);
    this.findings.push({ kind, path });
  }

  stop(): void {
    this.report('unscanned_input');
    this.stopped = true;
  }

  /** Counts `text` against the bounds and reports its secrets. */
  scanText(text: string): void {
    this.chars += text.length;
    if (this.chars > bounds.chars) {
      this.stop();
      return;
    }
    for (const span of mergeSpans(matchSecrets(text))) this.report(span.kind);
  }

  /** Marks `node` visited; false when it was already. */
  firstVisit(node: object): boolean {
    if (this.visited.has(node)) return false;
    this.visited.add(node);
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
      this.scanText(node);
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
      this.scanText(key);
      const kind =
        sensitiveKeyKind(key) ?? (pairName !== null && key === 'value' ? sensitiveKeyKind(pairName) : null);
      this.visit(record[key], depth + 1, kind);
      keys.pop();
    }
  }
}

/**
 * Every secret in a tool call's input: each string value and each object key is matched
 * against the secret patterns, and string values under sensitive keys (`password`, `apiKey`,
 * `{name: "DB_PASSWORD", value}`) count whatever they look like, unless they are placeholders.
 * One finding per kind and path, in input order.
 */
export function findSecrets(value: unknown): SecretFinding[] {
  const walk = new SecretWalk();
  try {
    walk.visit(value, 0, null);
  } catch {
    // A hostile object (a throwing getter, a revoked proxy) cannot be vouched for.
    walk.keys.length = 0;
    walk.report('unscanned_input');
  }
  return walk.findings;
}
