import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Worker } from 'playwright-core';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { createClient } from '../../client/sdk/index.ts';
import { InboxMessage } from '../../shared/contract/index.ts';
import { extensionDir, launchExtension } from '../support/chromium.ts';
import { pairExtension } from '../support/extension-pairing.ts';
import { root, startLocalRelay } from '../support/local-relay.ts';

// The approver side's figures: how much JavaScript the popup loads (gzipped), and how long the
// extension takes from the relay's push to the toolbar badge showing it — measured on the built
// extension in the machine's Chromium against the real relay under wrangler.

declare const chrome: typeof ExtensionApi;

const adminToken = 'bench-admin-token-0123456789abcdef';
const run = promisify(execFile);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

export interface PopupSize {
  files: { path: string; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
}

/**
 * Every JS file popup.html loads: its `<script src>` and `<link rel=modulepreload>`, plus what
 * those import statically (so a chunk Vite forgot to preload still counts). Each file gzipped
 * on its own (zlib's default level), as a browser fetches them.
 */
export async function popupJsSize(dir = extensionDir): Promise<PopupSize> {
  const html = await readFile(join(dir, 'popup.html'), 'utf8');
  const pending = [
    ...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*\bhref="([^"]+\.js)"[^>]*\brel="modulepreload"/g),
  ].map((match) => posix.normalize(match[1]!.replace(/^\//, '')));
  const seen = new Set<string>();
  const files: PopupSize['files'] = [];
  while (pending.length > 0) {
    const path = pending.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const source = await readFile(join(dir, path));
    files.push({ path, bytes: source.length, gzipBytes: gzipSync(source).length });
    for (const match of source.toString('utf8').matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) {
      const target = match[1]!;
      pending.push(
        target.startsWith('/')
          ? posix.normalize(target.slice(1))
          : posix.normalize(posix.join(dirname(path), target)),
      );
    }
  }
  if (files.length === 0) throw new Error('popup.html loads no JavaScript: is the popup built?');
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

/** Polls the badge inside the service worker until it reads `text`; resolves with the wall-clock time (ms). */
function watchBadge(worker: Worker, text: string): Promise<number> {
  return worker.evaluate(async (expected) => {
    for (;;) {
      if ((await chrome.action.getBadgeText({})) === expected)
        return performance.timeOrigin + performance.now();
    }
  }, text);
}

export interface BadgeLatency {
  runs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

/**
 * Push → badge. The extension is paired and its inbox socket open. For each of `runs` asks
 * (one at a time, each answered before the next):
 * - a tight `chrome.action.getBadgeText` loop runs in the extension's service worker, started
 *   before the agent submits, and notes the wall-clock time the badge first reads "1";
 * - this process holds a second approver's inbox WebSocket to the same relay and notes the
 *   wall-clock time the relay's push of that interaction arrives (the relay sends it to both
 *   sockets in the same turn);
 * the difference is the extension's own part: receiving the push, updating its state, painting
 * the badge. Both clocks are this machine's wall clock (`performance.timeOrigin + now()`).
 */
export async function pushToBadgeLatency(runs = 30): Promise<BadgeLatency> {
  await mkdir(join(root, 'test/.tmp'), { recursive: true });
  const persist = await mkdtemp(join(root, 'test/.tmp/approver-bench-'));
  const relay = await startLocalRelay({ adminToken, persist, quiet: true });
  const extension = await launchExtension().catch(async (error: unknown) => {
    await relay.dispose();
    throw error;
  });
  const url = relay.url.origin;
  const admin = createClient({ url, token: adminToken });
  let socket: WebSocket | undefined;
  try {
    await (await pairExtension(extension, url, admin)).close();
    const agent = createClient({ url, token: (await admin.issueToken({ role: 'agent' })).token });
    const approver = createClient({ url, token: (await admin.issueToken({ role: 'approver' })).token });

    const inboxUrl = new URL('inbox', approver.root);
    inboxUrl.searchParams.set('ticket', (await approver.wsTicket()).ticket);
    inboxUrl.protocol = inboxUrl.protocol.replace('http', 'ws');
    const pushed = new Map<string, (at: number) => void>();
    socket = new WebSocket(inboxUrl);
    socket.addEventListener('message', (event) => {
      const at = performance.timeOrigin + performance.now();
      const message = InboxMessage.parse(JSON.parse(String(event.data)));
      if (message.type === 'session' && message.session.activeInteraction)
        pushed.get(message.session.activeInteraction.toolCallId)?.(at);
    });
    await new Promise((ready, failed) => {
      socket!.addEventListener('open', ready, { once: true });
      socket!.addEventListener('error', failed, { once: true });
    });

    const sid = 'badge-latency';
    await agent.declareSession(sid, { title: 'Badge latency', agent: 'bench', mode: 'default' });
    const warmup = 3;
    const latencies: number[] = [];
    for (let i = 0; i < runs + warmup; i++) {
      const toolCallId = `ask-${i}`;
      const worker = await extension.worker();
      const badgeShown = watchBadge(worker, '1');
      const pushArrived = new Promise<number>((arrived) => pushed.set(toolCallId, arrived));
      const state = await agent.submit(sid, {
        tool_call_id: toolCallId,
        tool: 'Bash',
        input: { command: `npm run build -- --shard ${i}` },
        wait: 0,
      });
      if (state.outcome !== 'pending' || !state.interaction) throw new Error('expected an ask');
      const [pushAt, badgeAt] = await Promise.all([pushArrived, badgeShown]);
      if (i >= warmup) latencies.push(badgeAt - pushAt);
      pushed.delete(toolCallId);
      const badgeCleared = watchBadge(worker, '');
      await approver.respond(sid, {
        interaction_id: state.interaction.interactionId,
        answer: { decision: 'approve' },
      });
      await badgeCleared;
    }
    latencies.sort((a, b) => a - b);
    return {
      runs,
      p50Ms: percentile(latencies, 0.5),
      p95Ms: percentile(latencies, 0.95),
      maxMs: latencies[latencies.length - 1]!,
    };
  } finally {
    socket?.close();
    await extension.close();
    await relay.dispose();
    await rm(persist, { recursive: true, force: true });
  }
}

/** Builds the Chrome extension (so the figures are of the current source), then measures both. */
export async function benchApprover(): Promise<{ popup: PopupSize; badge: BadgeLatency }> {
  await run(join(root, 'node_modules/.bin/wxt'), ['build', 'extension'], { cwd: root, env: process.env });
  const popup = await popupJsSize();
  const badge = await pushToBadgeLatency();
  return { popup, badge };
}

/** `npm run bench`'s approver section. */
export async function printApproverFigures(): Promise<void> {
  const { popup, badge } = await benchApprover();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('Approver (built extension in Chromium, real relay under wrangler dev)');
  console.log(
    `  popup JavaScript: ${kb(popup.gzipBytes)} gzipped (target ≤ 40 KB), ${popup.files.length} files: ${popup.files
      .map((file) => `${file.path} ${kb(file.gzipBytes)}`)
      .join(', ')}`,
  );
  console.log(
    `  relay push → toolbar badge, ${badge.runs} asks: p50 ${badge.p50Ms.toFixed(1)} ms, p95 ${badge.p95Ms.toFixed(1)} ms (target ≤ 100 ms), max ${badge.maxMs.toFixed(1)} ms`,
  );
}
