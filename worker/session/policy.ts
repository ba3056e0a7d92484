import type { PermissionsConfig } from '../../shared/contract/index.ts';
import { type CompiledGrants, compileGrants } from '../../shared/grants/index.ts';
import { type CompiledPlan, compilePlan, layerPlans } from '../../shared/plan/index.ts';
import type { WorkspacePolicy } from '../rpc.ts';

/** A session grant as the engine's compiler reads it. */
export interface SessionGrantRecord {
  id: string;
  kind: 'call' | 'rule';
  key: string | null;
  rule: string | null;
  expiresAt: number | null;
}

/** The plan a session evaluates under, and the workspace's grants, at one policy version. */
export interface PolicySnapshot {
  version: number;
  workspacePlan: CompiledPlan;
  /**
   * The workspace's grants, each rule compiled once per version. Whether a time-boxed one still
   * applies is the engine's question at each call (`grantLive`), not this cache's.
   */
  globalGrants: CompiledGrants;
  /** The step-up level in force (docs/attestation.md "Passkeys"). */
  stepUp: WorkspacePolicy['stepUp'];
}

/**
 * The workspace policy as this session last saw it. Every caller's principal carries the
 * workspace's policy version; a different one means permissions or global grants changed, so
 * the policy is fetched again. Rules are compiled once per version, never per evaluation.
 */
export class PolicyCache {
  readonly #load: () => Promise<WorkspacePolicy>;
  #snapshot: PolicySnapshot | null = null;
  #session: { config: PermissionsConfig | null; text: string; plan: CompiledPlan | null } | null = null;
  #sessionGrants: { text: string; grants: CompiledGrants } | null = null;
  #layered: {
    workspace: PolicySnapshot;
    session: CompiledPlan | null;
    loosen: boolean;
    plan: CompiledPlan;
  } | null = null;

  constructor(load: () => Promise<WorkspacePolicy>) {
    this.#load = load;
  }

  /** The snapshot for `version`; throws when the workspace cannot be asked (callers fail closed). */
  async snapshot(version: number): Promise<PolicySnapshot> {
    if (this.#snapshot?.version === version) return this.#snapshot;
    const policy = await this.#load();
    const snapshot: PolicySnapshot = {
      version: policy.version,
      workspacePlan: compilePlan(policy.permissions),
      globalGrants: compileGrants(policy.grants, Date.now()).global,
      stepUp: policy.stepUp,
    };
    this.#snapshot = snapshot;
    return snapshot;
  }

  /** The last snapshot fetched, if any (for reads that must not wait on the workspace). */
  get cached(): PolicySnapshot | null {
    return this.#snapshot;
  }

  /** Forget the snapshot, e.g. after this session added a global grant. */
  invalidate(): void {
    this.#snapshot = null;
  }

  /**
   * The session's grants, each rule compiled once per change of the grants (as the workspace's
   * are once per policy version), not once per call. Whether a time-boxed one still applies is
   * the engine's question at each call (`grantLive`), so a kept compilation never outlives a grant.
   */
  sessionGrants(records: readonly SessionGrantRecord[], now: number): CompiledGrants {
    const text = JSON.stringify(
      records.map((grant) => [grant.id, grant.kind, grant.key, grant.rule, grant.expiresAt]),
    );
    if (this.#sessionGrants?.text === text) return this.#sessionGrants.grants;
    const grants = compileGrants(records, now).session;
    this.#sessionGrants = { text, grants };
    return grants;
  }

  /** The session's own plan, compiled once per distinct config. Throws `PlanError`. */
  sessionPlan(permissions: PermissionsConfig | null): CompiledPlan | null {
    // The same object (the session's meta is kept between writes) needs no serialising to compare.
    if (this.#session && this.#session.config === permissions) return this.#session.plan;
    const text = JSON.stringify(permissions);
    if (this.#session?.text !== text) {
      this.#session = {
        config: permissions,
        text,
        plan: permissions === null ? null : compilePlan(permissions),
      };
    } else {
      this.#session.config = permissions;
    }
    return this.#session.plan;
  }

  /**
   * Workspace policy with the session's plan layered on top (DESIGN §5 "Layering"): the
   * session's loosening applies only when the workspace grants agents that power or an approver
   * granted it for this session (`looseningGranted`).
   */
  layered(
    snapshot: PolicySnapshot,
    permissions: PermissionsConfig | null,
    looseningGranted = false,
  ): CompiledPlan {
    const session = this.sessionPlan(permissions);
    const loosen = looseningGranted || snapshot.workspacePlan.agents.loosen;
    const last = this.#layered;
    if (last && last.workspace === snapshot && last.session === session && last.loosen === loosen)
      return last.plan;
    const plan = layerPlans(snapshot.workspacePlan, session, { loosen });
    this.#layered = { workspace: snapshot, session, loosen, plan };
    return plan;
  }
}
