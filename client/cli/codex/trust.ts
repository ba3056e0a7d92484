import { createHash } from 'node:crypto';
import { codexEventKeys, type PlacedHook } from './hooks-file.ts';

/**
 * Codex's trust of a hook (codex-rs/hooks/src/engine/discovery.rs, `command_hook_hash`, and
 * codex-rs/config/src/fingerprint.rs, `version_for_toml`): the key is
 * `<hooks.json path>:<event in snake case>:<group index>:<handler index>`, and the hash is
 * `sha256:` + the SHA-256 of the compact JSON, keys sorted, of `{event_name, matcher, hooks:
 * [{type, command, timeout, async}]}` — the one handler, normalized (timeout defaults to 600),
 * fields that are absent left out. Checked against Codex's own `hooks/list` in the peer suite.
 * A trusted hook whose entry changes no longer matches its hash, and Codex skips it again.
 */

const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
        )
      : value;

export function codexHookKey(hooksJsonPath: string, hook: PlacedHook): string {
  return `${hooksJsonPath}:${codexEventKeys[hook.event] ?? hook.event}:${hook.groupIndex}:${hook.handlerIndex}`;
}

/** Events whose matcher Codex ignores (it hashes none for them). */
const unmatched = new Set(['UserPromptSubmit', 'Stop']);

export function codexHookHash(hook: PlacedHook): string {
  const matcher = unmatched.has(hook.event) ? undefined : hook.matcher;
  const identity = {
    event_name: codexEventKeys[hook.event] ?? hook.event,
    ...(matcher === undefined ? {} : { matcher }),
    hooks: [
      { type: 'command', command: hook.hook.command, timeout: Math.max(1, hook.hook.timeout), async: false },
    ],
  };
  return `sha256:${createHash('sha256')
    .update(JSON.stringify(canonical(identity)))
    .digest('hex')}`;
}

/** A TOML basic string (JSON's escapes are TOML's). */
const tomlString = (text: string) => JSON.stringify(text);

const stateHeader = (key: string) => `[hooks.state.${tomlString(key)}]`;

export interface TrustEdit {
  text: string;
  /** Keys trusted (or untrusted, when removing). */
  changed: string[];
  /** Keys left alone, and why. */
  skipped: Array<{ key: string; why: string }>;
}

/**
 * config.toml with `[hooks.state."<key>"] trusted_hash = "<hash>"` for each entry, and nothing
 * else changed. The file is edited as text, not parsed and written back, so the user's comments
 * and layout stay: only tables written in exactly the shape this writes are ever touched. A key
 * that the file already mentions in another shape (Codex's own review UI may write it so) is left
 * alone and reported; a file that keeps `hooks` or `state` as an inline table cannot take a table
 * of ours at all, and is refused as a whole.
 */
export function withTrust(
  text: string,
  trust: Array<{
    key: string;
    hash: string | undefined /** untrust only a table trusting this hash */;
    only?: string;
  }>,
): TrustEdit {
  if (/^\s*(hooks|state)\s*=\s*\{/m.test(text) || /^\s*hooks\.state\s*=/m.test(text))
    throw new Error('config.toml keeps hooks.state as an inline table; add the trust there by hand');
  let lines = text === '' ? [] : text.replace(/\n$/, '').split('\n');
  const changed: string[] = [];
  const skipped: TrustEdit['skipped'] = [];
  for (const { key, hash, only } of trust) {
    const header = stateHeader(key);
    const at = lines.findIndex((line) => line.trim() === header);
    if (at === -1) {
      if (text.includes(key)) {
        skipped.push({
          key,
          why: 'config.toml already has a trust state for it, in a form init does not edit',
        });
        continue;
      }
      if (hash === undefined) continue;
      lines = [
        ...lines,
        ...(lines.length > 0 && lines.at(-1) !== '' ? [''] : []),
        header,
        `trusted_hash = ${tomlString(hash)}`,
      ];
      changed.push(key);
      continue;
    }
    let end = at + 1;
    while (end < lines.length && !lines[end]!.trim().startsWith('[')) end += 1;
    const body = lines.slice(at + 1, end);
    const hashLine = body.findIndex((line) => /^\s*trusted_hash\s*=/.test(line));
    if (hash === undefined) {
      if (
        only !== undefined &&
        (hashLine === -1 || body[hashLine]!.trim() !== `trusted_hash = ${tomlString(only)}`)
      ) {
        skipped.push({ key, why: 'its trust there is for another hook' });
        continue;
      }
      // Untrust: only a table that holds nothing but the hash goes, with the blank line before it.
      const rest = body.filter((line, index) => index !== hashLine && line.trim() !== '');
      if (rest.length > 0) {
        if (hashLine !== -1) lines.splice(at + 1 + hashLine, 1);
      } else {
        const from = at > 0 && lines[at - 1] === '' ? at - 1 : at;
        lines.splice(from, end - from);
      }
      changed.push(key);
      continue;
    }
    const line = `trusted_hash = ${tomlString(hash)}`;
    if (hashLine === -1) lines.splice(at + 1, 0, line);
    else if (body[hashLine] !== line) lines[at + 1 + hashLine] = line;
    else continue;
    changed.push(key);
  }
  return { text: lines.length === 0 ? '' : `${lines.join('\n')}\n`, changed, skipped };
}
