// The engine's deterministic risk rating (DESIGN §5 "Risk").
export { type RiskFacts, rateRisk } from './rate.ts';
export type { RiskFinding, RiskRating } from './rating.ts';
export { maxRisk, riskOrder } from './scale.ts';
export { changesSecretFile } from './secret-files.ts';
