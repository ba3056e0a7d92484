/**
 * The push service of the worker test project, outside workerd: miniflare's `outboundService`
 * hands it every fetch the Worker and its Durable Objects make, so a WorkspaceDO's push to
 * `https://push.test/<device>` lands here. It records what each device was sent (the VAPID
 * header checked, the body's encryption header present) and answers as a test tells it to;
 * tests read the record from inside workerd with `GET https://push.test/__log/<device>`.
 * Any other host passes through to the network, as without it.
 */

interface Received {
  at: number;
  ttl: string | null;
  urgency: string | null;
  topic: string | null;
  encoding: string | null;
  vapid: boolean;
  bytes: number;
}

export const workerdPushHost = 'push.test';

export function workerdPushService() {
  const received = new Map<string, Received[]>();
  const answers = new Map<string, number>();
  return async function pushService(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.hostname !== workerdPushHost) return fetch(request);
    const [first, name = '', status] = url.pathname.slice(1).split('/');
    if (first === '__log') return Response.json(received.get(name) ?? []);
    if (first === '__answer') {
      answers.set(name, Number(status));
      return new Response(null, { status: 204 });
    }
    const body = new Uint8Array(await request.arrayBuffer());
    const device = first ?? '';
    const list = received.get(device) ?? [];
    list.push({
      at: Date.now(),
      ttl: request.headers.get('ttl'),
      urgency: request.headers.get('urgency'),
      topic: request.headers.get('topic'),
      encoding: request.headers.get('content-encoding'),
      vapid: /^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/.test(request.headers.get('authorization') ?? ''),
      bytes: body.length,
    });
    received.set(device, list);
    return new Response(null, { status: answers.get(device) ?? 201 });
  };
}
