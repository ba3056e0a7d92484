import { limits, type SessionDeclaration, type ToolPermissionDecision } from '../../shared/contract/index.ts';
import { sayOnce } from '../../shared/inbox/index.ts';
import { redactText } from '../../shared/redact/index.ts';

/**
 * Agent-supplied text as it is stored, streamed and shown (DESIGN §6): every
 * secret the shield knows redacted, then cut to `max` characters with a marker. Redaction comes
 * first, so a secret is never half kept by the cut, and the marker may make a short secret's
 * text longer than the secret was — hence the bound after it.
 */
export function displayText(text: string, max: number): string {
  const redacted = redactText(text);
  return redacted.length <= max ? redacted : `${redacted.slice(0, Math.max(0, max - 1))}…`;
}

const optionalText = (text: string | undefined, max: number) =>
  text === undefined ? undefined : displayText(text, max);

/**
 * A session declaration with every string it carries for display made safe before anything is
 * stored: title, agent, the selected mode's name and each declared mode's id, label and
 * description. Ids are redacted the same way wherever they appear, so the selected mode still
 * finds its declared mode. Permissions are rules, compiled and matched, never shown as text
 * here; a rule that reaches a decision is redacted with the decision (`displayDecision`).
 */
export function displayDeclaration(declaration: SessionDeclaration): SessionDeclaration {
  const title = optionalText(declaration.title, limits.titleLength);
  const agent = optionalText(declaration.agent, limits.labelLength);
  const mode = optionalText(declaration.mode, limits.labelLength);
  const modes = declaration.modes?.map((declared) => {
    const description = optionalText(declared.description, limits.descriptionLength);
    return {
      ...declared,
      id: displayText(declared.id, limits.labelLength),
      label: displayText(declared.label, limits.labelLength),
      ...(description === undefined ? {} : { description }),
    };
  });
  return {
    ...declaration,
    ...(title === undefined ? {} : { title }),
    ...(agent === undefined ? {} : { agent }),
    ...(mode === undefined ? {} : { mode }),
    ...(modes === undefined ? {} : { modes }),
  };
}

/**
 * A decision as stored and streamed: its reason and matched rule can quote what the agent sent
 * (a session's own rules, a tool name inside a sentence), so both go through the same redaction;
 * and a finding that repeats the reason is dropped (`sayOnce`), so every view says it once.
 */
export function displayDecision(original: ToolPermissionDecision): ToolPermissionDecision {
  const decision = sayOnce(original);
  const reason = displayText(decision.reason, limits.reasonLength);
  const matchedRule =
    decision.matchedRule === undefined ? undefined : displayText(decision.matchedRule, limits.ruleLength);
  if (reason === decision.reason && matchedRule === decision.matchedRule) return decision;
  return { ...decision, reason, ...(matchedRule === undefined ? {} : { matchedRule }) };
}
