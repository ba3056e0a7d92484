import { parsePairingCode } from '../common/pairing.ts';
import { type ChatLinkRequest, type ChatLinkResult, workspaceStub } from '../rpc.ts';

/**
 * What a provider calls when a chat user sends a link code (`/start CODE`, `/gatehouse link
 * CODE`): the code names its workspace, which spends it and links the user. A code that cannot be
 * one changes nothing anywhere.
 */
export async function linkChat(env: Env, request: ChatLinkRequest): Promise<ChatLinkResult> {
  const parsed = parsePairingCode(request.code);
  if (!parsed)
    return {
      ok: false,
      reason: 'malformed',
      message: 'That is not a link code: make one in Gatehouse and send it here.',
    };
  return workspaceStub(env, parsed.workspaceId).linkChat(parsed.code, request);
}
