import { compileGrants } from '../../shared/grants/index.ts';

/**
 * Exact-call grants for the engine's context (`DecisionContext.grants`), as the relay compiles
 * them from stored grants: `keyGrants({ session: [key] })`.
 */
export function keyGrants(keys: { session?: readonly string[]; global?: readonly string[] }) {
  const records = (['session', 'global'] as const).flatMap((scope) =>
    (keys[scope] ?? []).map((key, index) => ({ id: `${scope}-${index}`, kind: 'call' as const, key, scope })),
  );
  const { session, global } = compileGrants(records, 0);
  return { session, global };
}
