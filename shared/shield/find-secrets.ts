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

/**
 * Every secret in a tool call's input: each string value and each object key is matched
 * against the secret patterns, and string values under sensitive keys (`password`, `apiKey`,
 * `{name: "DB_PASSWORD", value}`) count whatever they look like, unless they are placeholders.
 * One finding per kind and path, in input order.
 */
export function findSecrets(value: unknown): SecretFinding[] {
  const findings: SecretFinding[] = [];
  // The keys down to the node being visited; a path is spelled out only for a finding.
  const keys: string[] = [];
  const visited = new Set<object>();
  let nodes = 0;
  let chars = 0;
  let stopped = false;

  // Made at the first finding: a clean input (most inputs) never needs it.
  let seen: Set<string> | undefined;

  const report = (kind: SecretKind) => {
    const path = pathOf(keys);
    const id = `${kind}\u0000${path}`;
    seen ??= new Set();
    if (seen.has(id)) return;
    seen.add(id);
    findings.push({ kind, path });
  };
  const stop = () => {
    report('unscanned_input');
    stopped = true;
  };
  const scanText = (text: string) => {
    chars += text.length;
    if (chars > bounds.chars) return stop();
    const spans = matchSecrets(text);
    if (spans.length === 0) return;
    for (const span of mergeSpans(spans)) report(span.kind);
  };
  const visit = (node: unknown, depth: number, sensitive: SecretKind | null) => {
    if (stopped) return;
    if (++nodes > bounds.nodes) return stop();
    if (typeof node === 'string') {
      if (sensitive && node.length >= 3 && !isPlaceholder(node)) report(sensitive);
      scanText(node);
      return;
    }
    if (node === null || typeof node !== 'object' || visited.has(node)) return;
    if (depth >= bounds.depth) return stop();
    visited.add(node);
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length && !stopped; index++) {
        keys.push(String(index));
        visit(node[index], depth + 1, null);
        keys.pop();
      }
      return;
    }
    const record = node as Record<string, unknown>;
    const pairName = sensitivePairName(record);
    for (const key of Object.keys(record)) {
      if (stopped) return;
      keys.push(key);
      scanText(key);
      const kind =
        sensitiveKeyKind(key) ?? (pairName !== null && key === 'value' ? sensitiveKeyKind(pairName) : null);
      visit(record[key], depth + 1, kind);
      keys.pop();
    }
  };

  try {
    visit(value, 0, null);
  } catch {
    // A hostile object (a throwing getter, a revoked proxy) cannot be vouched for.
    keys.length = 0;
    report('unscanned_input');
  }
  return findings;
}
