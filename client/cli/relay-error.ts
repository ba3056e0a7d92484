/**
 * One line for a failed relay call, said once: the relay's own message and, for a refused body,
 * which fields it named (`invalid body: tool_use_id: Invalid input: expected string…`), so the
 * person reading a hook's stderr learns what the relay objected to. It reads any error that
 * carries the relay's `details` (the SDK's GatehouseError, the fast hook's own), so the command
 * hook's path does not load the SDK for it.
 */
export function relayErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return withDetails(error.message, (error as { details?: unknown }).details);
}

/** `message: path: text; …` for the first five of the relay's `details`, or the message alone. */
export function withDetails(message: string, details: unknown): string {
  if (!Array.isArray(details)) return message;
  const named = details.flatMap((detail: unknown) => {
    const { path, message: text } = (detail ?? {}) as { path?: unknown; message?: unknown };
    if (typeof text !== 'string') return [];
    const at = Array.isArray(path) ? path.join('.') : typeof path === 'string' ? path : '';
    return [at ? `${at}: ${text}` : text];
  });
  return named.length === 0 ? message : `${message}: ${named.slice(0, 5).join('; ')}`;
}
