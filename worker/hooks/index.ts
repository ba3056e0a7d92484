// Claude Code's native hooks (DESIGN §7): its hook JSON in, its hook JSON out.
export { evaluateHookCall, type HookCall, type HookOutcome } from './evaluate.ts';
export { hookRoutes } from './routes.ts';
