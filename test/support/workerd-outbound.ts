import { FakeSlack } from './fake-slack.ts';
import { FakeTelegram } from './fake-telegram.ts';
import { workerdPushHost, workerdPushService } from './workerd-push-service.ts';
import { workerdSlack } from './workerd-slack.ts';
import { workerdTelegram } from './workerd-telegram.ts';

export { workerdSlack, workerdTelegram };

/**
 * Every fetch the worker test project's Worker and Durable Objects make leaves workerd through
 * miniflare's `outboundService`, which lands here: each fake service takes its own host, any
 * other host passes through to the network. One line per fake service.
 */

export function workerdOutbound() {
  const push = workerdPushService();
  const telegram = new FakeTelegram(workerdTelegram.token);
  const slack = new FakeSlack(workerdSlack);
  const services: Record<string, (request: Request) => Promise<Response>> = {
    [workerdPushHost]: push,
    [workerdTelegram.host]: (request) => telegram.handle(request),
    [workerdSlack.host]: (request) => slack.handle(request),
  };
  return async function outbound(request: Request): Promise<Response> {
    const service = services[new URL(request.url).hostname];
    return service ? service(request) : fetch(request);
  };
}
