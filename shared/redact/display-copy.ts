import { maskSecrets, sensitiveKeyKind, sensitivePairName } from '../shield/index.ts';
import { type DisplayBounds, resolveBounds } from './bounds.ts';

/**
 * Room kept back in every open container for its closing marker (`"[… 123 more items]"`,
 * `"…": "[123 more keys]"`), so the copy never outgrows `chars` however it is cut.
 */
const markerReserve = 48;

/** Secrets near the cut still have to be recognized whole, so redaction looks a little further. */
const redactionLookahead = 16 * 1024;

interface Budget {
  left: number;
}

const jsonLength = (value: string) => JSON.stringify(value).length;

/** `Object.defineProperty`, so a key like `__proto__` is kept as data, never as a prototype. */
function setEntry(target: Record<string, unknown>, key: string, value: unknown): void {
  let unique = key;
  for (let n = 2; Object.hasOwn(target, unique) && n < 1000; n++) unique = `${key} (${n})`;
  Object.defineProperty(target, unique, { value, enumerable: true, writable: true, configurable: true });
}

/** Cuts `text` to `keep` characters without splitting a surrogate pair. */
function cut(text: string, keep: number): string {
  const code = text.charCodeAt(keep - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? keep - 1 : keep);
}

/**
 * A string redacted, truncated to `max` characters and to what the budget has left. Returns
 * `undefined` when not even a truncation marker fits.
 */
function displayString(text: string, max: number, budget: Budget): string | undefined {
  const head = text.length > max + redactionLookahead ? text.slice(0, max + redactionLookahead) : text;
  const redacted = maskSecrets(head);
  const beyond = text.length - head.length;
  let keep = Math.min(redacted.length, max);
  for (;;) {
    const omitted = redacted.length - keep + beyond;
    const shown = omitted > 0 ? `${cut(redacted, keep)}…[truncated ${omitted} chars]` : redacted;
    const cost = jsonLength(shown);
    if (cost <= budget.left) {
      budget.left -= cost;
      return shown;
    }
    if (keep === 0) return undefined;
    // JSON escapes can make a character cost up to six, so shrink in proportion, then step.
    keep = Math.max(0, Math.min(keep - 1, Math.floor((keep * budget.left) / cost) - 1));
  }
}

function marker(text: string, budget: Budget): string | undefined {
  return displayString(text, text.length, budget);
}

/** A value with no JSON form, or a number JSON cannot carry, as readable text. */
function primitive(value: unknown, bounds: DisplayBounds, budget: Budget): unknown {
  switch (typeof value) {
    case 'string':
      return displayString(value, bounds.stringChars, budget);
    case 'number': {
      const text = Number.isFinite(value) ? JSON.stringify(value) : undefined;
      if (text === undefined) return marker(String(value), budget);
      if (text.length > budget.left) return undefined;
      budget.left -= text.length;
      return value;
    }
    case 'boolean':
      if (budget.left < 5) return undefined;
      budget.left -= value ? 4 : 5;
      return value;
    case 'bigint':
      return displayString(`${value}n`, bounds.stringChars, budget);
    case 'symbol':
      return marker('[symbol]', budget);
    case 'function':
      return marker('[function]', budget);
    default:
      if (budget.left < 4) return undefined;
      budget.left -= 4;
      return null;
  }
}

/** The key as shown: redacted (a key can itself be a secret) and bounded. */
function displayKey(key: string, bounds: DisplayBounds): string {
  const redacted = maskSecrets(key.length > bounds.stringChars ? key.slice(0, bounds.stringChars) : key);
  return redacted.length > 200 ? `${cut(redacted, 200)}…` : redacted;
}

/** Values kept as they are under a sensitive key: they hold nothing worth hiding. */
function isEmptyish(value: unknown): boolean {
  return value === null || value === undefined || value === '' || typeof value === 'boolean';
}

interface Walk {
  bounds: DisplayBounds;
  budget: Budget;
  ancestors: Set<object>;
}

function copyValue(value: unknown, depth: number, walk: Walk): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) {
    return primitive(value, walk.bounds, walk.budget);
  }
  if (typeof value === 'function') return primitive(value, walk.bounds, walk.budget);
  if (value instanceof Date) {
    return marker(Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString(), walk.budget);
  }
  if (walk.ancestors.has(value)) return marker('[circular]', walk.budget);
  if (depth >= walk.bounds.depth) return marker('[…]', walk.budget);
  if (walk.budget.left < 2 + markerReserve) return undefined;
  walk.budget.left -= 2 + markerReserve;
  walk.ancestors.add(value);
  try {
    return Array.isArray(value)
      ? copyArray(value, depth, walk)
      : copyObject(value as Record<string, unknown>, depth, walk);
  } finally {
    walk.ancestors.delete(value);
    walk.budget.left += markerReserve;
  }
}

function copyArray(items: readonly unknown[], depth: number, walk: Walk): unknown[] {
  const out: unknown[] = [];
  const limit = Math.min(items.length, walk.bounds.keys);
  let index = 0;
  for (; index < limit; index++) {
    if (walk.budget.left < 1) break;
    walk.budget.left -= 1;
    let item: unknown;
    try {
      item = items[index];
    } catch {
      item = '[unreadable]';
    }
    const copied = copyValue(item === undefined ? null : item, depth + 1, walk);
    if (copied === undefined) {
      walk.budget.left += 1;
      break;
    }
    out.push(copied);
  }
  if (index < items.length) {
    walk.budget.left += markerReserve;
    const rest = marker(`[… ${items.length - index} more items]`, walk.budget);
    walk.budget.left -= markerReserve;
    if (rest !== undefined) out.push(rest);
  }
  return out;
}

function copyObject(record: Record<string, unknown>, depth: number, walk: Walk): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = Object.keys(record);
  const pairName = sensitivePairName(record);
  let index = 0;
  for (; index < keys.length && index < walk.bounds.keys; index++) {
    const key = keys[index]!;
    let value: unknown;
    try {
      value = record[key];
    } catch {
      value = '[unreadable]';
    }
    if (value === undefined) continue;
    const shownKey = displayKey(key, walk.bounds);
    const keyCost = jsonLength(shownKey) + 2;
    if (keyCost > walk.budget.left) break;
    walk.budget.left -= keyCost;
    const secretName = sensitiveKeyKind(key) ? key : pairName !== null && key === 'value' ? pairName : null;
    const copied =
      secretName !== null && !isEmptyish(value)
        ? marker(`[REDACTED:${displayKey(secretName, walk.bounds).slice(0, 60)}]`, walk.budget)
        : copyValue(value, depth + 1, walk);
    if (copied === undefined) {
      walk.budget.left += keyCost;
      break;
    }
    setEntry(out, shownKey, copied);
  }
  if (index < keys.length) {
    walk.budget.left += markerReserve;
    const note = `[${keys.length - index} more keys]`;
    if (walk.budget.left >= jsonLength('…') + 2) {
      walk.budget.left -= jsonLength('…') + 2;
      const rest = marker(note, walk.budget);
      if (rest !== undefined) setEntry(out, '…', rest);
      else walk.budget.left += jsonLength('…') + 2;
    }
    walk.budget.left -= markerReserve;
  }
  return out;
}

/**
 * A copy of `value` that is safe to store, stream and show (DESIGN §6): every string and key
 * redacted, values under sensitive keys (`password`, `token`, `authorization`, `cookie`, …)
 * replaced whole by `[REDACTED:<key>]`, long strings truncated with `…[truncated N chars]`,
 * deep containers cut to `"[…]"`, long objects and arrays cut to their first entries plus a
 * marker, and the whole kept under `chars` characters of JSON. Cycles, BigInts, functions,
 * symbols, `undefined`, `NaN` and throwing getters are turned into JSON-safe stand-ins: it
 * never throws, and `JSON.stringify` of the result always works.
 */
export function toDisplayCopy(value: unknown, bounds?: Partial<DisplayBounds>): unknown {
  try {
    const resolved = resolveBounds(bounds);
    const walk: Walk = { bounds: resolved, budget: { left: resolved.chars }, ancestors: new Set() };
    const copied = copyValue(value === undefined ? null : value, 0, walk);
    return copied === undefined ? '[too large to display]' : copied;
  } catch {
    // A hostile value (a revoked proxy, a throwing `ownKeys` trap) still gets a display copy.
    return '[unrepresentable]';
  }
}
