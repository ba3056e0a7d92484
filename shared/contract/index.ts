// The wire contract (DESIGN §3–§4): every shape that crosses a boundary, as zod schemas.

export * from './answer-route.ts';
export * from './api.ts';
export * from './attestation.ts';
export * from './authority.ts';
export * from './chat.ts';
export * from './claude-hooks.ts';
export * from './decision.ts';
export * from './engine.ts';
export * from './events.ts';
export * from './grant.ts';
export * from './ids.ts';
export * from './inbox.ts';
export * from './interaction.ts';
export * from './limits.ts';
export * from './passkeys.ts';
export * from './permissions.ts';
export * from './session.ts';
export { StepUpLevel, StepUpSetting } from './step-up.ts';
export * from './tool-call.ts';
export * from './workspace.ts';
