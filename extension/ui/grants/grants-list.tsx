import './grants.css';
import '../common/common.css';
import { useEffect, useState } from 'preact/hooks';
import { useNow } from '../common/countdown.ts';
import type { ApproverPort, Grant } from '../port.ts';
import { grantRow } from './grant-rows.ts';

interface GrantsListProps {
  port: ApproverPort;
  /** A session's grants; without it, the workspace's "always" grants. */
  sessionId?: string;
  /** Read again when this changes (the session's `updatedAt`, or the inbox). */
  version: string;
}

/**
 * Every grant of a session or of the workspace: what it covers, its scope, who made it and when,
 * its time box, and Revoke. A revoked grant's row leaves at once; a refused revoke says why and
 * keeps the row. No confirm step: revoking only narrows.
 */
export function GrantsList({ port, sessionId, version }: GrantsListProps) {
  const [grants, setGrants] = useState<Grant[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState<Record<string, string>>({});
  const [revoking, setRevoking] = useState<string | null>(null);
  const [refreshes, setRefreshes] = useState(0);
  const now = useNow(grants?.some((grant) => grant.expiresAt) ?? false);

  useEffect(() => {
    let current = true;
    port.grants(sessionId).then(
      (result) => {
        if (!current) return;
        if (result.ok) {
          setGrants(result.value);
          setError(null);
        } else setError(result.message);
      },
      (cause: unknown) => current && setError(cause instanceof Error ? cause.message : String(cause)),
    );
    return () => {
      current = false;
    };
  }, [port, sessionId, version, refreshes]);

  async function revoke(id: string) {
    setRevoking(id);
    const result = await port.revokeGrant(id, sessionId).catch((cause: unknown) => ({
      ok: false as const,
      refusal: 'unreachable' as const,
      message: cause instanceof Error ? cause.message : String(cause),
    }));
    setRevoking(null);
    // Gone already (revoked elsewhere, or its session ended): the grant no longer applies either way.
    if (result.ok || result.refusal === 'not_found') {
      setGrants((current) => current?.filter((grant) => grant.id !== id) ?? null);
      setFailed(({ [id]: _gone, ...rest }) => rest);
    } else setFailed((current) => ({ ...current, [id]: result.message }));
  }

  const title = sessionId === undefined ? 'Grants for every session' : 'Grants in this session';
  return (
    <section
      class="grants"
      data-testid="grants"
      data-scope={sessionId === undefined ? 'global' : 'session'}
      aria-label={title}
    >
      <div class="sessions-bar">
        <h3>{title}</h3>
        <button
          type="button"
          class="link"
          data-testid="grants-refresh"
          onClick={() => setRefreshes((n) => n + 1)}
        >
          Refresh
        </button>
      </div>
      {error && (
        <p class="error" data-testid="grants-error" role="alert">
          Grants not loaded: {error}
        </p>
      )}
      {grants !== null && grants.length === 0 && (
        <p class="quiet" data-testid="grants-empty">
          None.
        </p>
      )}
      {grants?.map((grant) => {
        const row = grantRow(grant, now);
        return (
          <div
            key={row.id}
            class={row.expired ? 'grant grant--expired' : 'grant'}
            data-testid="grant"
            data-grant-id={row.id}
            data-kind={row.kind}
          >
            <span
              class={row.kind === 'rule' ? 'grant-covers grant-rule' : 'grant-covers'}
              data-testid="grant-covers"
            >
              {row.covers}
            </span>
            <span class="quiet" data-testid="grant-reach">
              {row.reach}
            </span>
            <span data-testid="grant-scope">{row.scope}</span>
            <span class="quiet" data-testid="grant-made">
              by {row.by} · {row.made}
            </span>
            <span class="countdown" data-testid="grant-expiry">
              {row.expiry}
            </span>
            <button
              type="button"
              class="link"
              data-action="revoke"
              disabled={revoking !== null}
              onClick={() => void revoke(row.id)}
            >
              Revoke
            </button>
            {failed[row.id] && (
              <p class="error" data-testid="grant-error" role="alert">
                Not revoked: {failed[row.id]}
              </p>
            )}
          </div>
        );
      })}
    </section>
  );
}
