import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, parse } from 'node:path';

/**
 * `.dev.vars`, where `npm start` keeps the local relay's secrets (wrangler reads it as the
 * Worker's environment). `gatehouse pair` finds the admin token there, so a local relay needs no
 * token typed.
 */

export const adminTokenName = 'GATEHOUSE_ADMIN_TOKEN';

/** `KEY=value` lines (quotes optional, `#` comments ignored). */
export function parseDevVars(text: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match?.[1] || line.trimStart().startsWith('#')) continue;
    vars.set(match[1], (match[2] ?? '').replace(/^(["'])(.*)\1$/, '$2'));
  }
  return vars;
}

/** The first `.dev.vars` in `from` or a folder above it, else in `fallback` (the clone this CLI runs from). */
export function findDevVars(from: string, fallback?: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const path = join(dir, '.dev.vars');
    if (existsSync(path)) return path;
    if (dir === parse(dir).root) break;
  }
  const last = fallback === undefined ? undefined : join(fallback, '.dev.vars');
  return last !== undefined && existsSync(last) ? last : undefined;
}

/** The admin token in a `.dev.vars` file, if it has one. */
export function devVarsAdminToken(path: string): string | undefined {
  return parseDevVars(readFileSync(path, 'utf8')).get(adminTokenName) || undefined;
}
