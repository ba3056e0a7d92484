import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Worker } from 'playwright-core';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { createClient } from '../../client/sdk/index.ts';
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

/**
 * Notes, inside the service worker, when each WebSocket message arrives (before the extension's
 * own handler runs) and what it says: `onmessage` and `addEventListener('message')` of every
 * socket opened from now on are wrapped. Installed before pairing, so the inbox socket is covered.
 */
function recordInboxArrivals(worker: Worker): Promise<void> {
  return worker.evaluate(() => {
    const arrivals: { at: number; data: string }[] = [];
    (globalThis as unknown as { inboxArrivals: typeof arrivals }).inboxArrivals = arrivals;
    const note = (event: MessageEvent) => {
      arrivals.push({ at: performance.timeOrigin + performance.now(), data: String(event.data) });
    };
    const proto = WebSocket.prototype;
    const add = proto.addEventListener;
    proto.addEventListener = function (this: WebSocket, type: string, listener: unknown, options?: unknown) {
      if (type === 'message' && typeof listener === 'function') {
        const wrapped = function (this: WebSocket, event: Event) {
          note(event as MessageEvent);
          (listener as (event: Event) => unknown).call(this, event);
        };
        return add.call(this, type, wrapped, options as AddEventListenerOptions);
      }
      return add.call(this, type, listener as EventListener, options as AddEventListenerOptions);
    } as typeof proto.addEventListener;
    const onmessage = Object.getOwnPropertyDescriptor(proto, 'onmessage')!;
    Object.defineProperty(proto, 'onmessage', {
      configurable: true,
      get(this: WebSocket) {
        return onmessage.get!.call(this);
      },
      set(this: WebSocket, handler: ((event: MessageEvent) => unknown) | null) {
        onmessage.set!.call(
          this,
          handler &&
            function (this: WebSocket, event: MessageEvent) {
              note(event);
              return handler.call(this, event);
            },
        );
      },
    });
  });
}

/** When the inbox push that made `toolCallId` active reached the service worker. */
function arrivalOf(worker: Worker, toolCallId: string): Promise<number | null> {
  return worker.evaluate((id) => {
    const arrivals = (globalThis as unknown as { inboxArrivals: { at: number; data: string }[] })
      .inboxArrivals;
    return arrivals.find((arrival) => arrival.data.includes(`"toolCallId":"${id}"`))?.at ?? null;
  }, toolCallId);
}

export interface BadgeLatency {
  runs: number;
  /** The push's arrival in the service worker → the badge reading "1" (one clock, the worker's). */
  arrival: { p50Ms: number; p95Ms: number; maxMs: number };
  /** The agent's submit sent → the badge reading "1": the relay's evaluation and push included. */
  submit: { p50Ms: number; p95Ms: number; maxMs: number };
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    maxMs: sorted[sorted.length - 1]!,
  };
};

/**
 * Push → badge. The extension is paired and its inbox socket open. For each of `runs` asks (one
 * at a time, each answered before the next), a tight `chrome.action.getBadgeText` loop runs in
 * the service worker, started before the agent submits, and notes when the badge first reads
 * "1". Two figures bracket the push's moment, which happens inside workerd where nothing can
 * watch it:
 * - from the push's arrival in the service worker (its message event, before the extension's
 *   handler) — the extension's own part, on a single clock;
 * - from just before the agent's submit is sent — everything: the relay's evaluation, the push
 *   over loopback, the extension. Both clocks are this machine's wall clock
 *   (`performance.timeOrigin + now()`), in Node and in the worker.
 */
export async function pushToBadgeLatency(runs = 30): Promise<BadgeLatency> {
  await mkdir(join(root, 'test/.tmp'), { recursive: true });
  const persist = await mkdtemp(join(root, 'test/.tmp/approver-bench-'));
  const relay = await startLocalRelay({ adminToken, persist, quiet: true });
  const extension = await launchExtension().catch(async (error: unknown) => {
    await relay.dispose();
    await rm(persist, { recursive: true, force: true });
    throw error;
  });
  const url = relay.url.origin;
  const admin = createClient({ url, token: adminToken });
  try {
    await recordInboxArrivals(await extension.worker());
    await (await pairExtension(extension, url, admin)).close();
    const agent = createClient({ url, token: (await admin.issueToken({ role: 'agent' })).token });
    const approver = createClient({ url, token: (await admin.issueToken({ role: 'approver' })).token });

    const sid = 'badge-latency';
    await agent.declareSession(sid, { title: 'Badge latency', agent: 'bench', mode: 'default' });
    const warmup = 3;
    const fromArrival: number[] = [];
    const fromSubmit: number[] = [];
    for (let i = 0; i < runs + warmup; i++) {
      const toolCallId = `ask-${i}`;
      const worker = await extension.worker();
      const badgeShown = watchBadge(worker, '1');
      const submittedAt = performance.timeOrigin + performance.now();
      const state = await agent.submit(sid, {
        tool_call_id: toolCallId,
        tool: 'Bash',
        input: { command: `npm run build -- --shard ${i}` },
        wait: 0,
      });
      if (state.outcome !== 'pending' || !state.interaction) throw new Error('expected an ask');
      const badgeAt = await badgeShown;
      const arrivedAt = await arrivalOf(worker, toolCallId);
      if (arrivedAt === null) throw new Error(`the push of ${toolCallId} was not seen in the service worker`);
      if (i >= warmup) {
        fromArrival.push(badgeAt - arrivedAt);
        fromSubmit.push(badgeAt - submittedAt);
      }
      const badgeCleared = watchBadge(worker, '');
      await approver.respond(sid, {
        interaction_id: state.interaction.interactionId,
        answer: { decision: 'approve' },
      });
      await badgeCleared;
    }
    return { runs, arrival: summary(fromArrival), submit: summary(fromSubmit) };
  } finally {
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
    `  popup JavaScript: ${kb(popup.gzipBytes)} gzipped (target ≤ 42 KB), ${popup.files.length} files: ${popup.files
      .map((file) => `${file.path} ${kb(file.gzipBytes)}`)
      .join(', ')}`,
  );
  const line = (figures: BadgeLatency['arrival']) =>
    `p50 ${figures.p50Ms.toFixed(1)} ms, p95 ${figures.p95Ms.toFixed(1)} ms, max ${figures.maxMs.toFixed(1)} ms`;
  console.log(`  push → toolbar badge (target ≤ 100 ms), ${badge.runs} asks:`);
  console.log(`    from the push's arrival in the service worker: ${line(badge.arrival)}`);
  console.log(`    from the agent's submit (relay evaluation and push included): ${line(badge.submit)}`);
}
