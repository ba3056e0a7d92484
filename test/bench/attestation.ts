import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { IssuedToken, ToolCallState } from '../../shared/contract/index.ts';
import { currentSigningKey } from '../support/attestation-keys.ts';
import { startDirectRelay } from '../support/direct-relay.ts';
import { root } from '../support/local-relay.ts';
import { withRuntimeCpu } from './runtime-cpu.ts';

// What signing costs the allow path (docs/attestation.md): the runtime's CPU per allowed call on
// workerd (no dev proxy), once with a signing key and once without, in alternating rounds so a
// busy neighbour slows both alike. The quietest round of each is reported.

const adminToken = 'bench-admin-token-0123456789abcdef';
const sessions = 50;
const requests = 2000;
const rounds = 3;

export interface SigningFigures {
  signedCpuMs: number;
  unsignedCpuMs: number;
  rounds: { signed: number; unsigned: number }[];
}

async function allowCpuMs(stateDir: string, signingKey: string | null): Promise<number | undefined> {
  const persist = await mkdtemp(join(stateDir, 'gatehouse-bench-sign-'));
  const vars: Record<string, string> = {
    GATEHOUSE_RATE_LIMIT_PER_MINUTE: '100000000',
    ...(signingKey === null ? {} : { GATEHOUSE_SIGNING_KEY: signingKey }),
  };
  const relay = await startDirectRelay({ adminToken, persist, vars });
  try {
    const post = async (path: string, token: string, body: unknown) => {
      const res = await fetch(new URL(`/api/v1${path}`, relay.url), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const { token: agent } = (await post('/tokens', adminToken, { role: 'agent' })) as IssuedToken;
    const read = (i: number, prefix: string) =>
      post(`/sessions/bench-${i % sessions}/tool-calls`, agent, {
        tool_call_id: `${prefix}-${i}`,
        tool: 'Read',
        input: { file_path: 'src/index.ts' },
      }) as Promise<ToolCallState>;
    for (let i = 0; i < sessions; i++) await read(i, 'warm');
    const measured = await withRuntimeCpu(requests, async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: sessions }, async () => {
          while (next < requests) {
            const state = await read(next++, 'read');
            if (state.outcome !== 'allow') throw new Error(`expected allow, got ${state.outcome}`);
            if ((state.attestation === undefined) !== (signingKey === null))
              throw new Error('the attestation is not what the key says');
          }
        }),
      );
    });
    return measured.cpuMsPerRequest;
  } finally {
    await relay.dispose();
    await rm(persist, { recursive: true, force: true });
  }
}

/** The allow path's runtime CPU with signing beside without; undefined where /proc cannot tell. */
export async function benchSigning(stateDir = join(root, 'test/.tmp')): Promise<SigningFigures | undefined> {
  await mkdir(stateDir, { recursive: true });
  const figures: SigningFigures['rounds'] = [];
  for (let round = 0; round < rounds; round++) {
    const unsigned = await allowCpuMs(stateDir, null);
    const signed = await allowCpuMs(stateDir, JSON.stringify(currentSigningKey));
    if (unsigned === undefined || signed === undefined) return undefined;
    figures.push({ signed, unsigned });
  }
  return {
    signedCpuMs: Math.min(...figures.map((figure) => figure.signed)),
    unsignedCpuMs: Math.min(...figures.map((figure) => figure.unsigned)),
    rounds: figures,
  };
}
