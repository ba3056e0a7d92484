import { evaluate } from '../../shared/engine/index.ts';
import { compilePlan } from '../../shared/plan/index.ts';

/**
 * What the engine says of a Bash command, asked as the relay asks it: `evaluate` on an empty
 * plan in default mode, with the call's cwd and the agent's home. Read-only means the read fast
 * path allowed it (DESIGN §5 step 6); the shield's verdict is kept beside it.
 */
export interface EngineVerdict {
  readonly readOnly: boolean;
  /** The step that decided (`read_fast_path`, `shield`, `mode_fallback` …). */
  readonly step: string;
  readonly reason: string;
  /** The shield found a secret (or a secret file) in the call. */
  readonly shieldFlagged: boolean;
}

const emptyPlan = compilePlan({ permissions: { allow: [], ask: [], deny: [] } });

export function engineVerdict(command: string, cwd: string, home: string): EngineVerdict {
  const { result, facts, step } = evaluate(
    emptyPlan,
    { toolCallId: 'oracle', tool: 'Bash', input: { command }, cwd },
    { mode: 'default', home },
  );
  const decided = typeof result === 'string' ? { behavior: 'ask', reason: result } : result;
  return {
    readOnly: step === 'read_fast_path' && decided.behavior === 'allow',
    step,
    reason: decided.reason ?? '',
    shieldFlagged: facts?.secret != null,
  };
}
