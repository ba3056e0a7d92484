import { z } from 'zod';
import { Behavior, Confidence, limits, RiskCategory } from '../contract/index.ts';
import { toPlainText } from './plain-text.ts';

/**
 * A reviewer's verdict. The classifier's own output is untrusted: it must match this shape
 * exactly (no extra keys), and its reason is cleaned to plain text and capped before checking.
 */
export const ClassifierVerdict = z.strictObject({
  behavior: Behavior,
  confidence: Confidence,
  riskCategories: z.array(RiskCategory).max(limits.riskCategories),
  reason: z.string().min(1).max(limits.reasonLength),
});
export type ClassifierVerdict = z.infer<typeof ClassifierVerdict>;

export type VerdictCheck = { ok: true; verdict: ClassifierVerdict } | { ok: false; message: string };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Validates a classifier's raw answer; every failure says what was wrong, in plain words. */
export function checkVerdict(raw: unknown): VerdictCheck {
  if (!isPlainObject(raw)) return { ok: false, message: 'The reviewer did not answer with an object.' };
  const candidate = { ...raw };
  if (typeof candidate.reason === 'string')
    candidate.reason = toPlainText(candidate.reason, limits.reasonLength);
  const parsed = ClassifierVerdict.safeParse(candidate);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path[0] ?? 'answer'))].slice(0, 5);
    // Key names come from the untrusted answer: cleaned and capped like any other text from it.
    const named = fields.map((field) => toPlainText(String(field), 40)).join(', ');
    return {
      ok: false,
      message: toPlainText(`The reviewer's answer does not match the verdict shape (${named}).`, 300),
    };
  }
  const verdict = parsed.data;
  return { ok: true, verdict: { ...verdict, riskCategories: [...new Set(verdict.riskCategories)] } };
}

/** The verdict shape as JSON Schema, for endpoints that constrain their output to one. */
export const verdictJsonSchema = {
  type: 'object',
  properties: {
    behavior: { type: 'string', enum: Behavior.options },
    confidence: { type: 'string', enum: Confidence.options },
    riskCategories: { type: 'array', items: { type: 'string', enum: RiskCategory.options } },
    reason: { type: 'string' },
  },
  required: ['behavior', 'confidence', 'riskCategories', 'reason'],
  additionalProperties: false,
} as const;
