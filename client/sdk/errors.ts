import { ErrorBody, type ErrorCode } from '../../shared/contract/index.ts';

/**
 * Codes the relay answers (`ErrorBody`), plus the two the client itself observes: the relay
 * could not be reached, or it answered something that is not the contract.
 */
export type GatehouseErrorCode = ErrorCode | 'unreachable' | 'invalid_response';

/** Every failure of a relay call: its HTTP status (0 when nothing answered), code, message, details. */
export class GatehouseError extends Error {
  readonly status: number;
  readonly code: GatehouseErrorCode;
  readonly details: unknown;
  constructor(status: number, code: GatehouseErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'GatehouseError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** The relay itself failed (down, 5xx, garbled): the agent should fall back, not trust an answer. */
  get relayFailed(): boolean {
    return this.status === 0 || this.status >= 500 || this.code === 'invalid_response';
  }
}

/** An error response → `GatehouseError`. The body is untrusted: a body that is not `ErrorBody` keeps only the status. */
export async function errorFromResponse(response: Response): Promise<GatehouseError> {
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = ErrorBody.safeParse(json);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new GatehouseError(response.status, code, message, details);
  }
  const code: GatehouseErrorCode = response.status >= 500 ? 'internal' : 'invalid_response';
  return new GatehouseError(response.status, code, `HTTP ${response.status} ${response.statusText}`.trim());
}
