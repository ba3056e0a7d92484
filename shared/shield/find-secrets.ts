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

function join(path: string, key: string): string {
  return path === '' ? segment(key) : `${path}.${segment(key)}`;
}

/**
 * Every secret in a tool call's input: each string value and each object key is matched
 * against the secret patterns, and string values under sensitive keys (`password`, `apiKey`,
 * `{name: "DB_PASSWORD", value}`) count whatever they look like, unless they are placeholders.
 * One finding per kind and path, in input order.
 */
export function findSecrets(value: unknown): SecretFinding[] {
  const findings: SecretFinding[] = [];
  const seen = new Set<string>();
  const visited = new Set<object>();
  let nodes = 0;
  let chars = 0;
  let stopped = false;

  const report = (kind: SecretKind, path: string) => {
    const id = `${kind}\u0000${path}`;
    if (seen.has(id)) return;
    seen.add(id);
    findings.push({ kind, path });
  };
  const stop = (path: string) => {
    report('unscanned_input', path);
    stopped = true;
  };
  const scanText = (text: string, path: string) => {
    chars += text.length;
    if (chars > bounds.chars) return stop(path);
    for (const span of mergeSpans(matchSecrets(text))) report(span.kind, path);
  };
  const visit = (node: unknown, path: string, depth: number, sensitive: SecretKind | null) => {
    if (stopped) return;
    if (++nodes > bounds.nodes) return stop(path);
    if (typeof node === 'string') {
      if (sensitive && node.length >= 3 && !isPlaceholder(node)) report(sensitive, path);
      scanText(node, path);
      return;
    }
    if (node === null || typeof node !== 'object' || visited.has(node)) return;
    if (depth >= bounds.depth) return stop(path);
    visited.add(node);
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length && !stopped; index++) {
        visit(node[index], join(path, String(index)), depth + 1, null);
      }
      return;
    }
    const record = node as Record<string, unknown>;
    const pairName = sensitivePairName(record);
    for (const [key, child] of Object.entries(record)) {
      if (stopped) return;
      scanText(key, join(path, key));
      const kind =
        sensitiveKeyKind(key) ?? (pairName !== null && key === 'value' ? sensitiveKeyKind(pairName) : null);
      visit(child, join(path, key), depth + 1, kind);
    }
  };

  try {
    visit(value, '', 0, null);
  } catch {
    // A hostile object (a throwing getter, a revoked proxy) cannot be vouched for.
    report('unscanned_input', '');
  }
  return findings;
}
