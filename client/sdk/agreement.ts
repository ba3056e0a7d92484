import type { z } from 'zod';
import type {
  AuditLog,
  Interaction,
  IssuedToken,
  PairingCode,
  PairResponse,
  SessionList,
  SessionView,
  TokenList,
  ToolCallState,
  WsTicket,
} from '../../shared/contract/index.ts';
import type { Answers } from './routes.ts';

/**
 * Compile-time only: what the relay's routes say they answer (`AppType`) is what the SDK parses
 * each answer with. A route whose answer schema drifts from the one the SDK reads fails here.
 */
type Reads<Answer, Schema extends z.ZodType> = [Answer] extends [z.output<Schema>] ? true : false;

export type Agreement = [
  Reads<Answers['toolCall'], typeof ToolCallState>,
  Reads<Answers['polledToolCall'], typeof ToolCallState>,
  Reads<Answers['session'], typeof SessionView>,
  Reads<Answers['declared'], typeof SessionView>,
  Reads<Answers['interaction'], typeof Interaction>,
  // The audit route also answers JSON Lines (a string) when asked; the SDK asks for JSON.
  Reads<Exclude<Answers['audit'], string>, typeof AuditLog>,
  Reads<Answers['sessions'], typeof SessionList>,
  Reads<Answers['tokens'], typeof TokenList>,
  Reads<Answers['issuedToken'], typeof IssuedToken>,
  Reads<Answers['pairingCode'], typeof PairingCode>,
  Reads<Answers['paired'], typeof PairResponse>,
  Reads<Answers['wsTicket'], typeof WsTicket>,
];

/** Each entry must be `true`; a `false` is a route and the SDK disagreeing. */
export const agreement: Agreement = [true, true, true, true, true, true, true, true, true, true, true, true];
