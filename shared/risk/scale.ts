import { Risk } from '../contract/index.ts';

/** The risk scale from least to most dangerous; the order every comparison uses. */
export const riskOrder: readonly Risk[] = Risk.options;

/** A risk's place on the scale; anything off the scale counts as the worst (fail closed). */
export function rank(risk: Risk): number {
  const at = riskOrder.indexOf(risk);
  return at < 0 ? riskOrder.length : at;
}

/** The more dangerous of two ratings. */
export function maxRisk(a: Risk, b: Risk): Risk {
  return rank(a) >= rank(b) ? a : b;
}

/** True when `risk` is at least as dangerous as `floor`. */
export function atLeast(risk: Risk, floor: Risk): boolean {
  return rank(risk) >= rank(floor);
}
