import canonicalize from 'canonicalize';
import { type EngineToolCall, ToolInput, type ToolPermissionDecision } from '../contract/index.ts';
import type { CompiledPlan } from '../plan/index.ts';
import type { DecisionContext } from './context.ts';
import { evaluate, toDecision } from './decide.ts';

/**
 * Whether the approver may edit the input before approving: only when the copy they are shown
 * is the whole input, since the relay keeps only that copy. Redaction (`[REDACTED:…]`, a masked
 * secret), a cut string (`…[truncated N chars]`), dropped keys or items (`[N more keys]`) and
 * values JSON cannot carry all make the two differ, so their canonical JSON (RFC 8785) is
 * compared; anything that cannot be canonicalized is not editable.
 */
export function canEditInput(displayCopy: unknown, input: unknown): boolean {
  try {
    const shown = canonicalize(displayCopy);
    return shown !== undefined && shown === canonicalize(input);
  } catch {
    return false;
  }
}

export type EditedOutcome =
  /** The edited call runs: it is what the approver saw and approved, unless a step denies it. */
  | { ok: true; behavior: 'allow'; input: Record<string, unknown>; decision: ToolPermissionDecision }
  /** A deny rule (or the shield set to deny, plan mode, …) denies the edited call: that reason stands. */
  | { ok: true; behavior: 'deny'; input: Record<string, unknown>; decision: ToolPermissionDecision }
  /** The edit itself is not acceptable (changes more than text); the answer should be refused. */
  | { ok: false; reason: string };

/**
 * Decides a call the approver edited before approving. The edit may change
 * only strings: the same keys everywhere and every other value as it was. The edited call is
 * evaluated again from the top: if any step denies it, the answer becomes that deny; if it would
 * be allowed or asked, the approver's approval stands for it — they wrote it. The original
 * call's approval key is dropped (it names other arguments); rule grants still apply.
 */
export function reevaluateEdited(
  plan: CompiledPlan,
  call: EngineToolCall,
  updatedInput: unknown,
  ctx: DecisionContext,
): EditedOutcome {
  const shape = ToolInput.safeParse(updatedInput);
  if (!shape.success) return { ok: false, reason: 'the edited input is not a tool input' };
  const change = onlyTextChanged(call.input, shape.data, 'input');
  if (change !== undefined) return { ok: false, reason: change };
  const edited: EngineToolCall = { ...call, input: shape.data };
  const { approvalKey: _original, ...rest } = ctx;
  const { result, facts } = evaluate(plan, edited, rest);
  const decision =
    result === 'classify'
      ? toDecision(
          edited,
          {
            behavior: 'ask',
            source: 'auto_classifier',
            evaluator: 'auto_reviewer',
            reasonCode: 'auto_classifier_unavailable',
            reason: 'The reviewer is not asked about an input an approver wrote.',
          },
          facts,
        )
      : toDecision(edited, result, facts);
  const behavior = decision.behavior === 'deny' ? 'deny' : 'allow';
  return { ok: true, behavior, input: shape.data, decision };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why `after` is more than `before` with some strings rewritten, or undefined when it is not. */
function onlyTextChanged(before: unknown, after: unknown, where: string): string | undefined {
  if (typeof before === 'string') return typeof after === 'string' ? undefined : `${where} is no longer text`;
  if (Array.isArray(before)) {
    if (!Array.isArray(after) || after.length !== before.length) return `${where} changed its items`;
    for (let at = 0; at < before.length; at += 1) {
      const why = onlyTextChanged(before[at], after[at], `${where}[${at}]`);
      if (why !== undefined) return why;
    }
    return undefined;
  }
  if (isRecord(before)) {
    if (!isRecord(after)) return `${where} is no longer an object`;
    const keys = Object.keys(before);
    const afterKeys = Object.keys(after);
    if (afterKeys.length !== keys.length || afterKeys.some((key) => !Object.hasOwn(before, key))) {
      return `${where} changed its fields`;
    }
    for (const key of keys) {
      const why = onlyTextChanged(before[key], after[key], `${where}.${key}`);
      if (why !== undefined) return why;
    }
    return undefined;
  }
  return Object.is(before, after) ? undefined : `${where} changed a value that is not text`;
}
