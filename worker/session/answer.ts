import type {
  EngineToolCall,
  InteractionRespondRequest,
  ToolInput,
  ToolPermissionResolution,
} from '../../shared/contract/index.ts';
import { callFacts, canEditInput } from '../../shared/engine/index.ts';
import { checkGrantRules } from '../../shared/grants/index.ts';
import { toDisplayCopy } from '../../shared/redact/index.ts';
import { ok, type Refusal, type Result, refuse } from '../common/result.ts';
import { displayComment } from './actions.ts';
import type { ToolCallRecord } from './records.ts';

type Answer = InteractionRespondRequest['answer'];

/** A 400 naming the answer's field that is wrong; nothing is changed. */
const invalid = (field: string, message: string): Refusal =>
  refuse.badRequest(`invalid answer: ${message}`, [{ path: `answer.${field}`, message }]);

/** What an answer asks beyond allow or deny, checked: the rules to save and the time box. */
export interface GrantTerms {
  rules?: string[];
  /** Epoch ms. */
  expiresAt?: number;
}

/**
 * The call as the relay kept it, for checking a rule the approver wrote. Only an editable call's
 * display copy is its whole input; any other call is known only by what the relay suggested.
 */
export function keptCall(call: ToolCallRecord): EngineToolCall | null {
  if (!call.offer?.editable) return null;
  return {
    toolCallId: call.id,
    tool: call.tool,
    input: call.input as ToolInput,
    ...(call.capability === null ? {} : { capability: call.capability }),
    ...(call.cwd === null ? {} : { cwd: call.cwd }),
  };
}

const sameRules = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((rule, at) => rule === b[at]);

/**
 * The rules and time box of an answer, or the 400 that refuses it (DESIGN §4). Rules (`rule` is
 * the one-rule spelling) are saved only by an approval for the session or always, and only when
 * they are a choice the relay offered or, for a call whose whole input the relay kept, pass
 * `checkGrantRules` against it — the same check a suggestion passed. A time box must end after
 * `now` and needs a scope it can end.
 */
export function grantTerms(answer: Answer, call: ToolCallRecord, now: number): Result<GrantTerms> {
  if (answer.rule !== undefined && answer.rules !== undefined && !sameRules(answer.rules, [answer.rule]))
    return invalid('rule', '`rule` and `rules` disagree; send one of them');
  const rules = answer.rules ?? (answer.rule === undefined ? undefined : [answer.rule]);
  const field = answer.rules === undefined ? 'rule' : 'rules';
  const scope = answer.scope ?? 'once';
  const terms: GrantTerms = {};
  if (rules !== undefined) {
    if (answer.decision !== 'approve') return invalid(field, 'a rejection saves no rule');
    if (scope === 'once')
      return invalid(
        'scope',
        'a rule is saved for the session or always (scope session or global), never once',
      );
    const offered = call.offer?.suggestions ?? [];
    if (!offered.some((choice) => sameRules(choice.rules, rules))) {
      const kept = keptCall(call);
      if (kept === null)
        return invalid(
          field,
          'the relay showed only part of this input, so only a rule it suggested may be saved',
        );
      const checked = checkGrantRules(rules, kept, callFacts(kept));
      if (!checked.ok) return invalid(field, `${JSON.stringify(checked.rule)}: ${checked.reason}`);
    }
    terms.rules = [...rules];
  }
  if (answer.expires_at !== undefined) {
    if (answer.decision !== 'approve') return invalid('expires_at', 'a rejection has no time box');
    if (scope === 'once') return invalid('expires_at', 'a time box needs scope session or global');
    const at = Date.parse(answer.expires_at);
    if (!(at > now)) return invalid('expires_at', 'the time box must end later than now');
    terms.expiresAt = at;
  }
  return ok(terms);
}

/**
 * Whether an edited input may be decided at all: an approval, once, of a call whose whole input
 * the relay kept, and an edit the relay can keep whole too (no secret to redact, nothing cut) —
 * the resolution that carries it is stored and streamed like every other copy.
 */
export function editRefusal(answer: Answer, call: ToolCallRecord): Refusal | null {
  const edited = answer.updated_input;
  if (edited === undefined) return null;
  if (answer.decision !== 'approve') return invalid('updated_input', 'a rejection carries no edited input');
  if ((answer.scope ?? 'once') !== 'once' || answer.rule !== undefined || answer.rules !== undefined)
    return invalid('updated_input', 'an edited input is approved once; save no grant with it');
  if (keptCall(call) === null)
    return invalid(
      'updated_input',
      'editing is offered only when the input shown is the whole input (nothing redacted or cut)',
    );
  if (!canEditInput(toDisplayCopy(edited), edited))
    return invalid('updated_input', 'the edited input holds a secret or is too long for the relay to keep');
  return null;
}

/** An approval whose edited input a step denies: the answer becomes that deny, with its reason. */
export function editedDenial(base: ToolPermissionResolution, reason: string): ToolPermissionResolution {
  const { comment: _approverComment, ...rest } = base;
  const comment = displayComment(`The edited input is denied: ${reason}`);
  return {
    ...rest,
    behavior: 'deny',
    actionId: 'deny',
    scope: 'once',
    ...(comment === undefined ? {} : { comment }),
  };
}

/** The approval's resolution records what it saved: the rule(s) and the time box. */
export function withTerms(resolution: ToolPermissionResolution, terms: GrantTerms): ToolPermissionResolution {
  if (resolution.behavior !== 'allow') return resolution;
  const rules = terms.rules;
  return {
    ...resolution,
    ...(rules === undefined ? {} : { rules, ...(rules.length === 1 ? { rule: rules[0] } : {}) }),
    ...(terms.expiresAt === undefined ? {} : { expiresAt: new Date(terms.expiresAt).toISOString() }),
  };
}
