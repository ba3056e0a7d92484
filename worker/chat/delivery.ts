import type { SessionView, ToolPermissionResolution } from '../../shared/contract/index.ts';
import type { WorkspaceSettings } from '../common/settings.ts';
import { sessionStub } from '../rpc.ts';
import { chatDirectory } from './directory.ts';
import { chatQuestion } from './display.ts';
import { chatOutcome } from './outcome.ts';
import type { ChatOutcome, ChatProvider, ChatTarget } from './port.ts';
import type { ChatStore, PostedQuestion } from './store.ts';

/**
 * The WorkspaceDO's chat delivery (docs/chat.md): when a session's active question changes, the
 * question it showed before is closed in chat (its messages edited to the outcome) and the new
 * one posted to its targets. Which question is posted is recorded in the same turn as the
 * session's view; the service calls run after it, one at a time per workspace, so a question
 * answered while it is still being posted is closed once its messages exist.
 */

export interface ChatDeliveryHost {
  env: Env;
  store: ChatStore;
  providers: readonly ChatProvider[];
  /** Runs work after the current request (the object's `waitUntil`). */
  background(work: Promise<void>): void;
}

/** Who gets a provider's message (the Contract of docs/chat.md "Where questions go"). */
export function targetsOf(
  provider: ChatProvider,
  store: ChatStore,
  settings: Pick<WorkspaceSettings, 'chat'>,
): ChatTarget[] {
  const links = store.linksOf(provider.name);
  // Nobody linked → nothing posted, a configured channel included: nobody there could answer.
  if (links.length === 0) return [];
  const channel = provider.name === 'slack' ? settings.chat.slackChannel : null;
  if (channel) return [{ kind: 'channel', chatId: channel }];
  return links.map((link) => ({ kind: 'dm', linkId: link.id, userId: link.user_id, chatId: link.chat_id }));
}

export class ChatDelivery {
  readonly #host: ChatDeliveryHost;
  #queue: Promise<void> = Promise.resolve();

  constructor(host: ChatDeliveryHost) {
    this.#host = host;
  }

  get enabled(): boolean {
    return this.#host.providers.length > 0;
  }

  /** A session's new view. Synchronous up to the recording, so it commits with the view. */
  sessionChanged(workspaceId: string, view: SessionView, settings: WorkspaceSettings): void {
    if (!this.enabled) return;
    const store = this.#host.store;
    const previous = store.question(view.sessionId);
    const active = view.activeInteraction?.state === 'active' ? view.activeInteraction : null;
    if (previous && previous.interactionId !== active?.interactionId) {
      store.clearQuestion(previous.sessionId, previous.interactionId);
      this.#then(() => this.#close(workspaceId, previous));
    }
    if (active && active.interactionId !== previous?.interactionId) {
      const posted: PostedQuestion = {
        sessionId: view.sessionId,
        interactionId: active.interactionId,
        toolCallId: active.toolCallId,
        question: chatQuestion(workspaceId, view, active, settings.chatDetails),
      };
      const targets = this.#host.providers.map((provider) => ({
        provider,
        targets: targetsOf(provider, store, settings),
      }));
      if (targets.every((each) => each.targets.length === 0)) return;
      store.setQuestion(posted);
      this.#then(() => this.#post(posted, targets));
    }
  }

  /** Resolves when every service call queued so far has finished (tests, and the alarm). */
  settled(): Promise<void> {
    return this.#queue;
  }

  #then(work: () => Promise<void>): void {
    this.#queue = this.#queue.then(work).catch((error) => console.error('chat delivery failed', error));
    this.#host.background(this.#queue);
  }

  async #post(
    posted: PostedQuestion,
    targets: { provider: ChatProvider; targets: ChatTarget[] }[],
  ): Promise<void> {
    const store = this.#host.store;
    await Promise.all(
      targets.map(async ({ provider, targets: to }) => {
        if (to.length === 0) return;
        const refs = await provider.post(posted.question, to);
        store.addMessages(
          posted.interactionId,
          refs.map((ref) => ({ ...ref, provider: provider.name })),
        );
        await Promise.all(
          refs.map((ref) =>
            chatDirectory(this.#host.env, provider.name, ref.chatId).remember(ref.messageId, {
              workspaceId: posted.question.workspaceId,
              sessionId: posted.sessionId,
              interactionId: posted.interactionId,
              details: posted.question.details,
            }),
          ),
        );
      }),
    );
  }

  async #close(workspaceId: string, posted: PostedQuestion): Promise<void> {
    const store = this.#host.store;
    const messages = store.messagesOf(posted.interactionId);
    if (messages.length === 0) return;
    const outcome = await this.#outcomeOf(workspaceId, posted);
    await Promise.all(
      this.#host.providers.map((provider) => {
        const refs = messages.filter((message) => message.provider === provider.name);
        return refs.length === 0 ? undefined : provider.close(posted.question, refs, outcome);
      }),
    );
    store.deleteMessagesOf(posted.interactionId);
  }

  /** The resolution as the session stored it; a session that cannot say reads as withdrawn. */
  async #outcomeOf(workspaceId: string, posted: PostedQuestion): Promise<ChatOutcome> {
    let resolution: ToolPermissionResolution | undefined;
    try {
      const state = await sessionStub(this.#host.env, {
        workspaceId,
        sessionId: posted.sessionId,
      }).getToolCall(
        // Reading a call's state only: the session's staff view, named as the chat delivery.
        {
          workspaceId,
          sessionId: posted.sessionId,
          policyVersion: 0,
          actor: 'approver',
          label: 'chat delivery',
        },
        posted.toolCallId,
      );
      if (state.ok && state.value.resolution?.interactionId === posted.interactionId)
        resolution = state.value.resolution;
    } catch (error) {
      console.warn('chat: resolution not read', error);
    }
    return chatOutcome(resolution);
  }
}
