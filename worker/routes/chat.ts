import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ChatLinkCode, ChatLinkList } from '../../shared/contract/index.ts';
import { notFound } from '../common/errors.ts';
import { access, failures, jsonAnswer, openApiRoutes } from '../http/openapi.ts';
import { ownWorkspace } from './stubs.ts';

const createLinkCode = createRoute({
  method: 'post',
  path: '/chat/link-codes',
  summary: 'A one-use, ten-minute code linking a Telegram or Slack user to this approver token',
  ...access(['approver']),
  responses: { 201: jsonAnswer(ChatLinkCode, 'the code, to send to the bot') },
});

const listLinks = createRoute({
  method: 'get',
  path: '/chat/links',
  summary: 'Chat users linked to approvers: an admin sees every link, an approver their own',
  ...access(['approver']),
  responses: { 200: jsonAnswer(ChatLinkList, 'the links') },
});

const removeLink = createRoute({
  method: 'delete',
  path: '/chat/links/{id}',
  summary: 'Unlink a chat user: its questions stop, its buttons change nothing',
  ...access(['approver']),
  request: { params: z.object({ id: z.string().max(64) }) },
  responses: { 204: { description: 'removed' }, ...failures(404) },
});

/** Whose links a principal reaches: an admin every one (null), an approver those of its own token. */
const ownerScope = (role: string, tokenId: string) => (role === 'admin' ? null : tokenId);

/**
 * Approvals in chat (docs/chat.md): link codes, and the links they became. The chat services'
 * own webhooks live under `/integrations/…`, outside `/api/v1`.
 */
export const chatRoutes = openApiRoutes()
  .openapi(createLinkCode, async (c) =>
    c.json(await ownWorkspace(c).createChatLinkCode(c.var.principal.tokenId), 201),
  )
  .openapi(listLinks, async (c) => {
    const { role, tokenId } = c.var.principal;
    return c.json({ links: await ownWorkspace(c).listChatLinks(ownerScope(role, tokenId)) }, 200);
  })
  .openapi(removeLink, async (c) => {
    const { role, tokenId } = c.var.principal;
    if (!(await ownWorkspace(c).removeChatLink(c.req.valid('param').id, ownerScope(role, tokenId))))
      throw notFound('no such chat link');
    return c.body(null, 204);
  });
