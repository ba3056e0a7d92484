import { GatehouseError } from '../sdk/index.ts';

/**
 * One line for a failed relay call, said once: the relay's own message and, for a refused body,
 * which fields it named (`invalid body: tool_use_id: Invalid input: expected string…`), so the
 * person reading a hook's stderr learns what the relay objected to.
 */
export function relayErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (!(error instanceof GatehouseError) || !Array.isArray(error.details)) return error.message;
  const named = error.details.flatMap((detail: unknown) => {
    const { path, message } = (detail ?? {}) as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') return [];
    const at = Array.isArray(path) ? path.join('.') : typeof path === 'string' ? path : '';
    return [at ? `${at}: ${message}` : message];
  });
  return named.length === 0 ? error.message : `${error.message}: ${named.slice(0, 5).join('; ')}`;
}
