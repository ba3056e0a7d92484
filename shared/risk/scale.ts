import { Risk } from '../contract/index.ts';

/** The risk scale from least to most dangerous; the order every comparison uses. */
export const riskOrder: readonly Risk[] = Risk.options;

const rank = (risk: Risk): number => riskOrder.indexOf(risk);

/** The more dangerous of two ratings. */
export function maxRisk(a: Risk, b: Risk): Risk {
  return rank(a) >= rank(b) ? a : b;
}

/** True when `risk` is at least as dangerous as `floor`. */
export function atLeast(risk: Risk, floor: Risk): boolean {
  return rank(risk) >= rank(floor);
}
