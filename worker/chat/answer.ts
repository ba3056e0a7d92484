import { limits } from '../../shared/contract/index.ts';
import { type SessionCaller, sessionStub, workspaceStub } from '../rpc.ts';
import { chatAnswerRefusal } from './approvable.ts';
import { chatDirectory } from './directory.ts';
import { boundedText } from './display.ts';
import { chatOutcome, outcomeText } from './outcome.ts';
import { type ChatAnswerRequest, type ChatAnswerResult, providerTitle } from './port.ts';

/**
 * A button press in chat (docs/chat.md "Who can answer"): the message names its workspace and
 * question (the chat's directory); the workspace names the approver the presser is linked to;
 * the session answers as that approver, exactly as `interaction-respond` would — once, only
 * while the question is active. Anything else changes nothing and says why.
 */
export async function answerFromChat(
  env: Env,
  request: ChatAnswerRequest,
  issuer?: string,
): Promise<ChatAnswerResult> {
  const entry = await chatDirectory(env, request.provider, request.chatId).find(request.messageId);
  if (!entry) return { kind: 'unknown_message', message: 'This question is not known here any more.' };
  const refused = chatAnswerRefusal(request.answer, entry);
  if (refused) return { kind: 'refused', message: refused };
  const approver = await workspaceStub(env, entry.workspaceId).chatApprover(request.provider, request.userId);
  if (!approver)
    return {
      kind: 'unlinked',
      message: 'You are not linked to this Gatehouse workspace: nothing changed.',
    };
  const title = providerTitle[request.provider];
  const label = boundedText(`${approver.label ?? approver.tokenId}`, limits.labelLength - title.length - 3);
  const caller: SessionCaller = {
    workspaceId: entry.workspaceId,
    sessionId: entry.sessionId,
    policyVersion: approver.policyVersion,
    actor: approver.role,
    tokenId: approver.tokenId,
    label: `${label} · ${title}`,
    ...(issuer ? { issuer } : {}),
  };
  const { answer } = request;
  const result = await sessionStub(env, caller).respond(caller, {
    sessionId: entry.sessionId,
    interactionId: entry.interactionId,
    answer: {
      decision: answer.decision,
      ...(answer.decision === 'approve' ? { scope: answer.scope ?? 'once' } : {}),
      ...(answer.comment ? { comment: answer.comment.slice(0, limits.commentLength) } : {}),
    },
  });
  if (result.ok) {
    const outcome = chatOutcome(result.value.resolution);
    return { kind: 'answered', outcome, message: outcomeText(outcome) };
  }
  if (result.status === 409 || result.status === 410)
    return { kind: 'closed', message: 'This question was already answered or expired: nothing changed.' };
  return { kind: 'refused', message: `Not answered here: ${result.message}` };
}
