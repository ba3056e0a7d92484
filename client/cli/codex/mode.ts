import type { SessionDeclarationInput } from '../../sdk/index.ts';

/**
 * Codex's `permission_mode` as the agent's declaration. It is Codex's setting for its own
 * prompts (`codex exec` always says `bypassPermissions`: it never prompts), not the user's grant
 * of anything in Gatehouse, so it may only tighten: Codex's plan mode is plan, its don't-ask is
 * dont_ask, and every other value — bypassPermissions and acceptEdits included — behaves as
 * `default`, never as a mode the relay would apply to a session without an approver. The mode is
 * declared under Codex's own name, so the approver sees what Codex said.
 */
const tightening: Readonly<Record<string, 'plan' | 'dont_ask'>> = { plan: 'plan', dontAsk: 'dont_ask' };

export function declarationOf(permissionMode: string | undefined): SessionDeclarationInput {
  const agent = 'Codex CLI';
  if (permissionMode === undefined || permissionMode === '') return { agent };
  const id = `codex:${permissionMode}`.slice(0, 100);
  const behavesAs = Object.hasOwn(tightening, permissionMode) ? tightening[permissionMode]! : 'default';
  return {
    agent,
    modes: [{ id, label: `Codex ${permissionMode}`.slice(0, 100), behaves_as: behavesAs }],
    mode: id,
  };
}
