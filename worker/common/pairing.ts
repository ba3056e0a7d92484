import { defaultWorkspaceId } from './credentials.ts';

/**
 * Pairing codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L), valid for
 * ten minutes, used once, kept only as SHA-256. A code names its workspace: `<workspaceId>.<CODE>`,
 * except in the workspace `default`, where the bare `CODE` is what `npm start` prints and a
 * person types. 31^8 ≈ 8.5·10^11 codes against a bounded number of attempts (below) makes
 * guessing a live code hopeless.
 */
export const pairingAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const pairingCodeLength = 8;
export const pairingTtlMs = 10 * 60_000;

/**
 * Attempts at `POST /pair` per minute, counted per workspace: per client IP (`cf-connecting-ip`)
 * so one client cannot guess fast, and for the whole workspace so many clients cannot either.
 */
export const pairAttemptsPerIp = 10;
export const pairAttemptsPerWorkspace = 60;

export function formatPairingCode(workspaceId: string, code: string): string {
  return workspaceId === defaultWorkspaceId ? code : `${workspaceId}.${code}`;
}

/** Reads what a person typed: case, spaces and dashes in the code part do not matter. */
export function parsePairingCode(text: string): { workspaceId: string; code: string } | null {
  const trimmed = text.trim();
  const dot = trimmed.lastIndexOf('.');
  const workspaceId = dot === -1 ? defaultWorkspaceId : trimmed.slice(0, dot).toLowerCase();
  const code = trimmed
    .slice(dot + 1)
    .replace(/[\s-]/g, '')
    .toUpperCase();
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(workspaceId)) return null;
  if (code.length !== pairingCodeLength) return null;
  for (const char of code) if (!pairingAlphabet.includes(char)) return null;
  return { workspaceId, code };
}
