import type { Interaction, InteractionAnswer } from '../../shared/contract/index.ts';
import type { InboxState, PortResult } from '../ui/port.ts';
import type { Origin } from './message-guard.ts';
import type { OptionsState, Request, Responses } from './messages.ts';
import type { StandingWatch } from './passkey-standing.ts';
import type { RelayCalls } from './relay-calls.ts';
import type { RelayPairing } from './storage.ts';

/** The background's operations the requests need. */
export interface BackgroundCore {
  state(): InboxState;
  /** Reconnect to the relay now. */
  reconnect(): void;
  /** A call to the paired relay, or `unpaired` when there is none. */
  viaRelay<T>(call: (relay: RelayCalls) => Promise<PortResult<T>>): Promise<PortResult<T>>;
  respond(answer: InteractionAnswer): Promise<PortResult<Interaction>>;
  /** Keep a new pairing and connect with it. */
  adopt(pairing: RelayPairing): Promise<void>;
  forget(): Promise<void>;
  setDock(enabled: boolean): Promise<void>;
  options(): Promise<OptionsState>;
  /** The approver is (or is no longer) at the popup (`page`) or a docked tab (`content`). */
  presence(from: Origin, active: boolean): void;
  /** The workspace's passkeys as last listed. */
  standing?: StandingWatch;
  fetch?: typeof fetch;
}

export type RequestHandlers = {
  [K in Request['type']]: (request: Extract<Request, { type: K }>, origin: Origin) => Promise<Responses[K]>;
};
