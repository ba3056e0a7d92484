// `npm start`'s flags: `npm start -- --port 8788 --lan`. Plain data in, plain data out, so the
// parsing is tested without starting anything (test/unit/start-options.test.ts).
import { parseArgs } from 'node:util';

export const defaultPort = 8787;

export const startUsage = `Usage: npm start -- [--port N] [--lan]

  --port N   listen on port N (default $GATEHOUSE_PORT, else ${defaultPort})
  --lan      listen on every interface, so a phone on your network can reach the relay; the
             pairing link and QR code carry this machine's LAN address
  -h, --help this text`;

export interface StartOptions {
  port: number;
  lan: boolean;
  help: boolean;
}

/** The options, or the one line saying what is wrong with them. */
export function parseStartOptions(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): StartOptions | { error: string } {
  let values: { port?: string; lan?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        lan: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const [spelled, source] =
    values.port !== undefined
      ? [values.port, '--port']
      : env.GATEHOUSE_PORT
        ? [env.GATEHOUSE_PORT, 'GATEHOUSE_PORT']
        : [String(defaultPort), 'the default'];
  const port = /^\d{1,5}$/.test(spelled) ? Number(spelled) : Number.NaN;
  if (!(port >= 1 && port <= 65535))
    return { error: `${source} is a port number from 1 to 65535, not "${spelled}"` };
  return { port, lan: values.lan ?? false, help: values.help ?? false };
}
