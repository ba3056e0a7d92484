// The agent side's SDK: fetch only, so it runs in Node, browsers and workers alike.
// What a model should read when a call may not run: the same texts every Gatehouse agent path uses.
export {
  approvalText,
  denialText,
  refusedText,
  unansweredText,
  unavailableText,
} from '../../shared/answers/index.ts';
export {
  type ClaudeHookEvent,
  type ClaudeHookEventRow,
  claudeHookEventNamed,
  claudeHookEvents,
} from './claude-hooks.ts';
export {
  createClient,
  type GatehouseClient,
  pairWithRelay,
  type RespondInput,
  type SessionDeclarationInput,
  type ToolCallInput,
  type ToolCallResultInput,
  type WaitOptions,
} from './client.ts';
export { GatehouseError, type GatehouseErrorCode } from './errors.ts';
export type { EventsOptions } from './events.ts';
export { apiRoot, type ClientOptions } from './http.ts';
export { parseServerSentEvents, type ServerSentEvent } from './sse.ts';
export {
  type AttestationVerifier,
  createVerifier,
  fetchRelayKeys,
  type KeySet,
  type KeyStore,
  memoryKeyStore,
  refusedState,
  verifiedState,
} from './verify.ts';
