import { z } from 'zod';

/** The minimum risk whose approval needs the approver's passkey, or `off` (docs/attestation.md). */
export const StepUpLevel = z.enum(['high', 'critical', 'off']);
export type StepUpLevel = z.infer<typeof StepUpLevel>;

/** The workspace setting (native dialect): the minimum risk whose approval needs a passkey. */
export const StepUpSetting = z.strictObject({ minRisk: StepUpLevel });
export type StepUpSetting = z.infer<typeof StepUpSetting>;
