import { z } from 'zod';
import {
  Identifier,
  InteractionAnswer,
  InteractionId,
  InteractionRespondRequest,
  limits,
  RuleText,
  respondManyLimit,
  SessionId,
} from '../../shared/contract/index.ts';
import { chatRequestSchemas } from './chat-request-schemas.ts';
import { contentScriptRequests, portNames, type Request, timelineLimitMax } from './messages.ts';
import { passkeyRequestSchemas } from './passkey-guard.ts';

/**
 * The background's door: every message and port is checked here before anything acts on it.
 * The sender must be this extension; the payload must be a known request of the right shape;
 * a content script (the dock, running inside web pages) may only ask for its state and answer
 * with Approve once or Deny — never pair, read sessions, or grant "always".
 */

/** Where a message came from, as far as the browser tells us. */
export interface SenderInfo {
  id?: string | undefined;
  url?: string | undefined;
}

export interface Self {
  /** `browser.runtime.id`. */
  id: string;
  /** `browser.runtime.getURL('/')`: the origin every extension page lives under. */
  pagesUrl: string;
}

/** Extension pages (popup, options) may do everything; content scripts only what the dock needs. */
export type Origin = 'page' | 'content';

export type Admitted<T> = { ok: true; value: T; origin: Origin } | { ok: false; reason: string };

const ModeName = z.string().min(1).max(limits.labelLength);

export const RequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state') }).strict(),
  z.object({ type: z.literal('retry') }).strict(),
  // The answer path's one request (shared/contract), with no key the relay would not read.
  InteractionAnswer.extend({
    type: z.literal('respond'),
    answer: InteractionAnswer.shape.answer.strict(),
  }),
  z.object({ type: z.literal('sessions') }).strict(),
  z
    .object({
      type: z.literal('timeline'),
      sessionId: SessionId,
      limit: z.number().int().min(1).max(timelineLimitMax).optional(),
    })
    .strict(),
  z.object({ type: z.literal('selectMode'), sessionId: SessionId, mode: ModeName }).strict(),
  z.object({ type: z.literal('grantRequested'), sessionId: SessionId }).strict(),
  z.object({ type: z.literal('grants'), sessionId: SessionId.optional() }).strict(),
  z.object({ type: z.literal('revokeGrant'), grantId: Identifier, sessionId: SessionId.optional() }).strict(),
  z
    .object({
      type: z.literal('respondMany'),
      items: z
        .array(z.object({ sessionId: SessionId, interactionId: InteractionId }).strict())
        .min(1)
        .max(respondManyLimit),
      answer: InteractionRespondRequest.shape.answer.strict(),
    })
    .strict(),
  z.object({ type: z.literal('declineSuggestion'), rule: RuleText }).strict(),
  z.object({ type: z.literal('pairing') }).strict(),
  z
    .object({
      type: z.literal('pair'),
      url: z.string().min(1).max(2048),
      code: z.string().min(1).max(2048),
    })
    .strict(),
  z.object({ type: z.literal('unpair') }).strict(),
  z.object({ type: z.literal('dockEnabled'), enabled: z.boolean() }).strict(),
  z.object({ type: z.literal('presence'), active: z.boolean() }).strict(),
  ...chatRequestSchemas,
  ...passkeyRequestSchemas,
]);

/** Whether the sender is this extension, and which kind of its contexts. */
export function senderOrigin(sender: SenderInfo, self: Self): Origin | null {
  if (!sender.id || sender.id !== self.id) return null;
  // Content scripts report the page's URL; only extension pages live under the extension's own.
  return sender.url?.startsWith(self.pagesUrl) ? 'page' : 'content';
}

/** A message as the background may act on it, or why not. */
export function admitRequest(message: unknown, sender: SenderInfo, self: Self): Admitted<Request> {
  const origin = senderOrigin(sender, self);
  if (!origin) return { ok: false, reason: 'the sender is not this extension' };
  const parsed = RequestSchema.safeParse(message);
  if (!parsed.success) {
    const type =
      typeof message === 'object' && message !== null && 'type' in message ? String(message.type) : '';
    return {
      ok: false,
      reason: RequestSchema.options.some((option) => option.shape.type.value === type)
        ? `malformed "${type}" request`
        : 'unknown request',
    };
  }
  const request = parsed.data as Request;
  if (origin === 'content') {
    if (!contentScriptRequests.includes(request.type))
      return { ok: false, reason: `a content script may not send "${request.type}"` };
    if (request.type === 'respond' && !isDockAnswer(request.answer))
      return { ok: false, reason: 'the dock may only approve once or deny' };
  }
  return { ok: true, value: request, origin };
}

/**
 * What the dock's two buttons send: approve once, or deny without a comment. Nothing else rides
 * along: no rule, time box or edited input, which only extension pages may send.
 */
function isDockAnswer(answer: Extract<Request, { type: 'respond' }>['answer']): boolean {
  const { decision, scope, ...rest } = answer;
  if (Object.keys(rest).length > 0) return false;
  if (decision === 'approve') return scope === undefined || scope === 'once';
  return scope === undefined;
}

/** A port is admitted by name: `approver` for extension pages, `dock` for content scripts only. */
export function admitPort(name: string, sender: SenderInfo, self: Self): Admitted<'approver' | 'dock'> {
  const origin = senderOrigin(sender, self);
  if (!origin) return { ok: false, reason: 'the sender is not this extension' };
  if (name === portNames.approver && origin === 'page') return { ok: true, value: 'approver', origin };
  if (name === portNames.dock) return { ok: true, value: 'dock', origin };
  return { ok: false, reason: `no port "${name}" for this sender` };
}
