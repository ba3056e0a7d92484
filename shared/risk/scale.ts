import { Risk } from '../contract/index.ts';

/** The risk scale from least to most dangerous; the order every comparison uses. */
export const riskOrder: readonly Risk[] = Risk.options;

const ranks: ReadonlyMap<Risk, number> = new Map(riskOrder.map((risk, index) => [risk, index]));

/** A risk's place on the scale; anything off the scale counts as the worst (fail closed). */
export const rank = (risk: Risk): number => ranks.get(risk) ?? riskOrder.length;

/** The more dangerous of two ratings. */
export function maxRisk(a: Risk, b: Risk): Risk {
  return rank(a) >= rank(b) ? a : b;
}

/** True when `risk` is at least as dangerous as `floor`. */
export function atLeast(risk: Risk, floor: Risk): boolean {
  return rank(risk) >= rank(floor);
}
