import type { Behavior, EngineToolCall, Evaluator, PermissionDecisionSource } from '../contract/index.ts';
import { isInside } from '../paths/index.ts';
import type { ProtectedPath } from '../paths/protected.ts';
import type { CompiledPlan, Verdict } from '../plan/index.ts';
import { changesSecretFile } from '../risk/index.ts';
import type { CompiledRule, RuleTarget } from '../rules/index.ts';
import type { DecisionContext } from './context.ts';
import type { CallFacts } from './facts.ts';
import { grantStep } from './grants.ts';

/** What a step says when it decides: everything of a decision but the call id and the risk. */
export interface Ruling {
  behavior: Behavior;
  source: PermissionDecisionSource;
  evaluator: Evaluator;
  reasonCode: string;
  reason: string;
  matchedRule?: string;
}

/** A step decides (a ruling), hands over to the classifier, or passes (undefined). */
export type StepResult = Ruling | 'classify' | undefined;

export interface StepInput {
  plan: CompiledPlan;
  call: EngineToolCall;
  ctx: DecisionContext;
  facts: CallFacts;
  target: RuleTarget;
  /** The plan's setting for the call's tool (`tools` in the plan), looked up once for the steps that read it. */
  toolVerdict: Verdict | undefined;
  /** The protected file the call may write (paths/protected.ts), if any: worked out on first ask. */
  protectedEdit: () => ProtectedPath | undefined;
}

export interface Step {
  /** Stable name, used in tests and docs. */
  name: string;
  run(input: StepInput): StepResult;
}

/** What a rule says when it decides. */
const ruleVerbs: Readonly<Record<Behavior, string>> = {
  allow: 'Allowed',
  ask: 'Needs approval',
  deny: 'Denied',
};

function ruledBy(behavior: Behavior, rule: CompiledRule): Ruling {
  return {
    behavior,
    source: 'rule',
    evaluator: 'rule',
    reasonCode: `normalized_rule_${behavior}`,
    reason: `${ruleVerbs[behavior]} by the rule ${rule.text}.`,
    matchedRule: rule.text,
  };
}

const policy = (behavior: Behavior, reasonCode: string, reason: string): Ruling => ({
  behavior,
  source: 'policy',
  evaluator: 'policy',
  reasonCode,
  reason,
});

/** The ask for an edit of a protected file (paths/protected.ts). */
function protectedAsk({ path, why }: ProtectedPath): Ruling {
  return policy('ask', 'protected_path', `${path}: ${why}, so an edit of it needs approval.`);
}

/**
 * `ruling`, unless it allows an edit of a protected file: then a human is asked. Only a grant an
 * approver made and Full Access allow such an edit; an allow rule, a tool or capability setting,
 * a default, accept-edits and the auto reviewer do not (README.md says why).
 */
function unlessProtected(ruling: Ruling, { protectedEdit }: StepInput): Ruling {
  if (ruling.behavior !== 'allow') return ruling;
  const reached = protectedEdit();
  return reached === undefined ? ruling : protectedAsk(reached);
}

/**
 * The decision engine's precedence, highest first (DESIGN §5): the first step that decides wins.
 * This list is the only place the order is written down.
 */
export const precedence: readonly Step[] = [
  {
    name: 'deny_rules',
    run({ plan, call, target, toolVerdict }) {
      if (toolVerdict === 'deny') {
        return {
          ...policy('deny', 'explicit_tool_deny', `${call.tool} is denied for this session.`),
          source: 'rule',
          evaluator: 'rule',
        };
      }
      const rule = plan.index.deny.firstMatch(target);
      return rule ? ruledBy('deny', rule) : undefined;
    },
  },
  {
    name: 'shield',
    run({ plan, facts }) {
      if (plan.shield === 'off' || !facts.secret) return undefined;
      const { kind, where } = facts.secret;
      const behavior = plan.shield === 'deny' ? 'deny' : 'ask';
      if (kind === 'secret_file')
        return policy(
          behavior,
          'shield_secret_file',
          facts.tool.edits
            ? changesSecretFile(where)
            : `The call reads a file that holds secrets (${where}).`,
        );
      // Past the shield's budget (limits.examinedCommands / examinedWords) nothing is known to be
      // free of secrets: the call is not said to carry one, only to be too long to look through.
      if (kind === 'unexamined_command' || kind === 'unscanned_input')
        return policy(
          behavior,
          'shield_unexamined',
          `The call is too long to examine fully for secrets (${where || 'its input'}), so it needs approval.`,
        );
      return policy(
        behavior,
        'shield_secret_input',
        `The call carries a credential (${kind.replaceAll('_', ' ')}) in ${where || 'its input'}.`,
      );
    },
  },
  {
    name: 'tool_override',
    run(input) {
      const { call, toolVerdict: verdict } = input;
      if (verdict !== 'allow' && verdict !== 'ask') return undefined;
      return unlessProtected(
        {
          behavior: verdict,
          source: 'rule',
          evaluator: 'rule',
          reasonCode: `explicit_tool_${verdict}`,
          reason:
            verdict === 'allow'
              ? `${call.tool} is always allowed by its tool setting.`
              : `${call.tool} always asks by its tool setting.`,
        },
        input,
      );
    },
  },
  {
    name: 'ask_rules',
    run({ plan, target }) {
      const rule = plan.index.ask.firstMatch(target);
      return rule ? ruledBy('ask', rule) : undefined;
    },
  },
  {
    name: 'plan_mode',
    run({ ctx, facts, call }) {
      if (ctx.mode !== 'plan' || facts.read) return undefined;
      return policy('deny', 'mode_plan_non_read', `Plan mode allows only reads; ${call.tool} is not one.`);
    },
  },
  {
    name: 'read_fast_path',
    run({ facts, call }) {
      if (!facts.read) return undefined;
      const bash = facts.tool.commandField !== undefined;
      return policy(
        'allow',
        bash ? 'policy_read_only_bash' : 'policy_read_only',
        facts.readReason || `${call.tool} only reads.`,
      );
    },
  },
  {
    name: 'grants',
    run(input) {
      const granted = grantStep(input);
      if (granted === undefined) return undefined;
      // An exact-call grant is the approver's word on this very call; a rule is not (README.md).
      return granted.byRule ? unlessProtected(granted.ruling, input) : granted.ruling;
    },
  },
  {
    name: 'allow_rules',
    run(input) {
      const rule = input.plan.index.allow.firstMatch(input.target);
      return rule ? unlessProtected(ruledBy('allow', rule), input) : undefined;
    },
  },
  {
    name: 'capability_policy',
    run(input) {
      const capability = input.facts.tool.capability;
      if (capability === 'read') return undefined;
      const verdict = input.plan.capabilities[capability];
      if (!verdict) return undefined;
      return unlessProtected(
        policy(
          verdict,
          `capability_${capability}_${verdict}`,
          `The ${capability} capability is set to ${verdict}.`,
        ),
        input,
      );
    },
  },
  {
    name: 'mode_fallback',
    run(input) {
      const { plan, ctx, facts, call } = input;
      switch (ctx.mode) {
        case 'bypass':
          return {
            behavior: 'allow',
            source: 'full_access',
            evaluator: 'full_access',
            reasonCode: 'mode_full_access',
            reason: 'Approval prompts are disabled by the active permission mode.',
          };
        case 'dont_ask':
          return policy(
            'deny',
            'mode_dont_ask',
            "Don't-ask mode denies everything that is not allowed by a rule.",
          );
        case 'accept_edits':
          // Every file the edit writes must be inside (a patch may name many; unknown: none is).
          if (facts.tool.edits && facts.edited?.every((path) => isInside(path, call.cwd))) {
            return unlessProtected(
              policy(
                'allow',
                'mode_accept_edits',
                'Accept-edits mode allows file edits inside the working directory.',
              ),
              input,
            );
          }
          return policy(
            'ask',
            'mode_accept_edits_ask',
            facts.tool.edits
              ? 'The edit is outside the working directory.'
              : 'Accept-edits mode asks for everything but file edits.',
          );
        case 'auto':
          // The reviewer may allow; a protected file is asked before it is consulted.
          return input.protectedEdit() === undefined ? 'classify' : protectedAsk(input.protectedEdit()!);
        case 'bubble':
          return policy('ask', 'mode_bubble', 'This session hands every decision to its host.');
        case 'plan':
        case 'default':
          return unlessProtected(defaultRuling(plan.default, call.tool, facts), input);
      }
    },
  },
];

function defaultRuling(value: CompiledPlan['default'], tool: string, facts: CallFacts): Ruling {
  switch (value) {
    case 'allow':
      // An unknown tool still asks: "allow by default" speaks for the tools the relay knows.
      if (!facts.tool.known)
        return policy('ask', 'unknown_tool', `${tool} is not a known tool, so it needs approval.`);
      return policy('allow', 'default_allow', 'The session default allows every call.');
    case 'deny':
      return policy('deny', 'default_deny', 'The session default denies calls that are not reads.');
    case 'ask':
      return policy('ask', 'default_ask', 'The session default asks for every call.');
    case 'allow_reads': {
      if (!facts.tool.known)
        return policy('ask', 'unknown_tool', `${tool} is not a known tool, so it needs approval.`);
      // The approver reads why this call asks: what the rater found, most dangerous first (issue
      // 17: "Force-pushes to the main branch…", not "Bash is not a read"), when it found anything.
      const found = facts.rating.findings.find((finding) => finding.risk !== 'safe');
      return policy(
        'ask',
        'default_allow_reads',
        found ? `${found.note} It needs approval.` : `${tool} is not a read, so it needs approval.`,
      );
    }
  }
}
