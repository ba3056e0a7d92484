import type { hc, InferRequestType, InferResponseType } from 'hono/client';
import type { AppType } from '../../worker/index.ts';

/**
 * The relay's routes as the Worker declares them (`AppType`): the SDK's request bodies are the
 * routes' own input types, and what it parses an answer into must be what the route says it
 * answers — a route that changes its schema breaks this file's compile, not a user.
 */
type Api = ReturnType<typeof hc<AppType>>['api']['v1'];
type Session = Api['sessions'][':sid'];
type ToolCall = Session['tool-calls'][':tcid'];

export type ToolCallInput = InferRequestType<Session['tool-calls']['$post']>['json'];
export type SessionDeclarationInput = InferRequestType<Session['$put']>['json'];
export type RespondInput = InferRequestType<Session['interaction-respond']['$post']>['json'];
export type ToolCallResultInput = InferRequestType<ToolCall['result']['$post']>['json'];
export type TokenRequestInput = InferRequestType<Api['tokens']['$post']>['json'];
export type PairInput = InferRequestType<Api['pair']['$post']>['json'];
export type ClaudeHookEvent = keyof Api['hooks']['claude'] extends infer Event
  ? Event extends string
    ? Event
    : never
  : never;

/** Answers, as the routes type them (JSON-serialised). */
export type Answers = {
  toolCall: InferResponseType<Session['tool-calls']['$post'], 200>;
  polledToolCall: InferResponseType<ToolCall['$get'], 200>;
  session: InferResponseType<Session['$get'], 200>;
  declared: InferResponseType<Session['$put'], 200>;
  interaction: InferResponseType<Session['interaction-respond']['$post'], 200>;
  audit: InferResponseType<Session['audit']['$get'], 200>;
  sessions: InferResponseType<Api['sessions']['$get'], 200>;
  inbox: InferResponseType<Api['inbox']['$get'], 200>;
  tokens: InferResponseType<Api['tokens']['$get'], 200>;
  issuedToken: InferResponseType<Api['tokens']['$post'], 201>;
  pairingCode: InferResponseType<Api['pairing-codes']['$post'], 201>;
  paired: InferResponseType<Api['pair']['$post'], 201>;
  wsTicket: InferResponseType<Api['ws-tickets']['$post'], 201>;
};
