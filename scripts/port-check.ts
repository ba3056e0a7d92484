// Is the port free, and if not, who holds it? Asked before `npm start` creates anything, so a
// second start on a busy port mints no pairing code and no agent token on the relay already there.
import { createServer } from 'node:net';

export type PortState = 'free' | 'gatehouse' | 'other';

/** Binds the port on the host the relay would listen on, then lets it go. */
function bindable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A Gatehouse relay answers `GET /healthz` with `{"ok":true,"service":"gatehouse"}`. */
async function isGatehouse(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
    const body = (await res.json()) as { service?: unknown };
    return res.ok && body.service === 'gatehouse';
  } catch {
    return false;
  }
}

export async function portState(host: string, port: number): Promise<PortState> {
  if (await bindable(host, port)) return 'free';
  return (await isGatehouse(port)) ? 'gatehouse' : 'other';
}

/** The first port after `port` that is free on `host` (looks at the next 50). */
export async function nextFreePort(host: string, port: number): Promise<number | undefined> {
  for (let candidate = port + 1; candidate <= Math.min(port + 50, 65535); candidate++)
    if (await bindable(host, candidate)) return candidate;
  return undefined;
}

/** What `npm start` says when the port is taken; nothing was started or created. */
export function portTakenMessage(
  state: 'gatehouse' | 'other',
  port: number,
  next: number | undefined,
): string {
  const url = `http://127.0.0.1:${port}`;
  const second = next
    ? `npm start -- --port ${next}   (its own state: .wrangler/state-${next})`
    : 'npm start -- --port N   (a free port N)';
  const pair = port === 8787 ? 'npx gatehouse pair' : `GATEHOUSE_URL=${url} npx gatehouse pair`;
  return state === 'gatehouse'
    ? [
        `npm start: a Gatehouse relay is already running at ${url}; nothing was started or created.`,
        `  Use it: ${url}/app, and a new pairing code with \`${pair}\`.`,
        `  Or start a second relay: ${second}`,
      ].join('\n')
    : [
        `npm start: port ${port} is in use by another program (not a Gatehouse relay); nothing was started or created.`,
        `  Start the relay on another port: ${second}`,
      ].join('\n');
}
