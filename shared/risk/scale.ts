import { Risk } from '../contract/index.ts';

/** The risk scale from least to most dangerous; the order every comparison uses. */
export const riskOrder: readonly Risk[] = Risk.options;

/**
 * A risk's place on the scale; anything off the scale counts as the worst (fail closed). Spelled
 * out rather than looked up: every finding of every rating compares two risks.
 */
export function rank(risk: Risk): number {
  switch (risk) {
    case 'safe':
      return 0;
    case 'low':
      return 1;
    case 'medium':
      return 2;
    case 'high':
      return 3;
    case 'critical':
      return 4;
    default:
      return riskOrder.length;
  }
}

/** The more dangerous of two ratings. */
export function maxRisk(a: Risk, b: Risk): Risk {
  return rank(a) >= rank(b) ? a : b;
}

/** True when `risk` is at least as dangerous as `floor`. */
export function atLeast(risk: Risk, floor: Risk): boolean {
  return rank(risk) >= rank(floor);
}
