import { z } from 'zod';

/**
 * The engine's deterministic rating, ordered from least to most dangerous. A leaf of the
 * contract, so the permissions (which name a risk in `delivery`) and the decision share it
 * without importing each other.
 */
export const Risk = z.enum(['safe', 'low', 'medium', 'high', 'critical']);
export type Risk = z.infer<typeof Risk>;
