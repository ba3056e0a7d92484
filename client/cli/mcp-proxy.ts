import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createClient, type GatehouseClient } from '../sdk/index.ts';
import { parseProxyArguments, proxyUsage } from './mcp-proxy/args.ts';
import { createGateway } from './mcp-proxy/gateway.ts';
import { createRelayGate } from './mcp-proxy/relay-gate.ts';
import { fileKeyStore } from './pins.ts';
import { pinsPath } from './pins-path.ts';

export interface ProxyIo {
  print: (line: string) => void;
  warn: (line: string) => void;
}

/**
 * The wrapped server's environment: the gateway's own, as an MCP client would have given it,
 * without the relay token — the server has no business with it.
 */
function serverEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== 'GATEHOUSE_TOKEN') env[key] = value;
  }
  return env;
}

/**
 * `gatehouse mcp-proxy [options] -- <command> [args…]`: serve MCP on stdio until the client or
 * the wrapped server goes away. Exit 0 when the client closed, 1 when the server stopped.
 */
export async function runMcpProxy(argv: readonly string[], io: ProxyIo): Promise<number> {
  const parsed = parseProxyArguments(argv);
  if ('error' in parsed) {
    io.warn(`gatehouse mcp-proxy: ${parsed.error}\n\n${proxyUsage}`);
    return 2;
  }
  if (parsed.help) {
    io.print(proxyUsage);
    return 0;
  }
  const url = parsed.url ?? process.env.GATEHOUSE_URL ?? 'http://127.0.0.1:8787';
  const token = parsed.token ?? process.env.GATEHOUSE_TOKEN ?? '';
  let client: GatehouseClient | null = null;
  try {
    // Allows are checked (docs/attestation.md) when asked for, or once this relay's keys are kept.
    const store = fileKeyStore(pinsPath(), url);
    const verify = process.env.GATEHOUSE_VERIFY === '1' || (await store.load().catch(() => null)) !== null;
    client = token ? createClient({ url, token, ...(verify ? { verify: store } : {}) }) : null;
  } catch {
    io.warn(`gatehouse mcp-proxy: not a URL: ${url}; every tool call will be refused`);
  }
  if (!token) io.warn('gatehouse mcp-proxy: GATEHOUSE_TOKEN is not set; every tool call will be refused');

  const relay = createRelayGate({
    client,
    ...(parsed.name !== undefined ? { name: parsed.name } : {}),
    ...(parsed.session !== undefined ? { sessionId: parsed.session } : {}),
    timeoutSeconds: parsed.timeoutSeconds ?? 600,
    cwd: process.cwd(),
    warn: io.warn,
  });
  const [command, ...args] = parsed.command as [string, ...string[]];
  const gateway = createGateway({
    client: new StdioServerTransport(),
    // The server's stderr is the gateway's: MCP clients show it in their logs.
    server: new StdioClientTransport({ command, args, env: serverEnvironment(), stderr: 'inherit' }),
    gate: relay.gate,
    onServerInfo: relay.learnServerInfo,
  });

  try {
    await gateway.start();
  } catch (error) {
    io.warn(
      `gatehouse mcp-proxy: could not start ${command}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
  void relay.start();
  // The SDK's stdio server transport does not notice the client closing stdin; the gateway does.
  const clientGone = () => void gateway.close();
  process.stdin.once('end', clientGone);
  process.once('SIGTERM', clientGone);
  process.once('SIGINT', clientGone);
  const end = await gateway.done;
  process.stdin.off('end', clientGone);
  process.off('SIGTERM', clientGone);
  process.off('SIGINT', clientGone);
  if (end === 'server-exited') {
    io.warn(`gatehouse mcp-proxy: the MCP server (${command}) stopped`);
    return 1;
  }
  return 0;
}
