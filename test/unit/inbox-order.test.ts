import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../extension/lib/backoff.ts';
import type { Risk, SessionView } from '../../shared/contract/index.ts';
import { applyInboxMessage, byUrgency } from '../../shared/inbox/index.ts';

const view = (sessionId: string, risk: Risk | null, createdAt = '2026-12-01T10:00:00.000Z'): SessionView => ({
  sessionId,
  title: null,
  agent: null,
  mode: 'default',
  engineMode: 'default',
  modes: [],
  activeInteraction:
    risk === null
      ? null
      : {
          interactionId: `int_${sessionId}`,
          sessionId,
          toolCallId: `call-${sessionId}`,
          tool: 'Bash',
          input: { command: 'make' },
          decision: {
            toolCallId: `call-${sessionId}`,
            behavior: 'ask',
            source: 'policy',
            reason: 'needs a human',
            reasonCode: 'default_ask',
            risk,
          },
          actions: [],
          state: 'active',
          queuePosition: 0,
          createdAt,
          expiresAt: null,
        },
  queueLength: 0,
  createdAt,
  updatedAt: createdAt,
});

const ts = '2026-12-01T10:00:00.000Z';
const ids = (sessions: SessionView[]) => sessions.map((session) => session.sessionId);

describe('the inbox order and its updates', () => {
  it('puts the riskiest question first, then the one waiting longest', () => {
    const sessions = byUrgency([
      view('low', 'low'),
      view('crit', 'critical', '2026-12-01T10:05:00.000Z'),
      view('high-new', 'high', '2026-12-01T10:09:00.000Z'),
      view('high-old', 'high', '2026-12-01T10:01:00.000Z'),
    ]);
    expect(ids(sessions)).toEqual(['crit', 'high-old', 'high-new', 'low']);
  });

  it('replaces everything with a snapshot, keeping only sessions with a question', () => {
    const before = [view('gone', 'high')];
    const after = applyInboxMessage(before, {
      type: 'snapshot',
      sessions: [view('a', 'low'), view('idle', null), view('b', 'critical')],
      ts,
    });
    expect(ids(after)).toEqual(['b', 'a']);
  });

  it('adds, replaces and removes one session per update, never twice', () => {
    let sessions = applyInboxMessage([], { type: 'session', session: view('a', 'low'), ts });
    sessions = applyInboxMessage(sessions, { type: 'session', session: view('a', 'high'), ts });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.activeInteraction?.decision.risk).toBe('high');
    sessions = applyInboxMessage(sessions, { type: 'session', session: view('b', 'critical'), ts });
    expect(ids(sessions)).toEqual(['b', 'a']);
    sessions = applyInboxMessage(sessions, { type: 'session', session: view('a', null), ts });
    expect(ids(sessions)).toEqual(['b']);
    expect(applyInboxMessage(sessions, { type: 'session', session: view('never', null), ts })).toEqual(
      sessions,
    );
  });

  it('holds any order of updates to one entry per session', () => {
    const risks: Array<Risk | null> = ['safe', 'low', 'medium', 'high', 'critical', null];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.constantFrom(...risks)), { maxLength: 40 }),
        (updates) => {
          let sessions: SessionView[] = [];
          const last = new Map<string, Risk | null>();
          for (const [sid, risk] of updates) {
            sessions = applyInboxMessage(sessions, { type: 'session', session: view(sid, risk), ts });
            last.set(sid, risk);
          }
          const expected = [...last].filter(([, risk]) => risk !== null).map(([sid]) => sid);
          expect(ids(sessions).sort()).toEqual(expected.sort());
        },
      ),
    );
  });
});

describe('the reconnect backoff', () => {
  const backoff = { initialMs: 1000, maxMs: 30_000 };
  it('doubles up to the cap, jittered between half and all of each step', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => backoffDelay(n, backoff, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    expect([0, 1, 5].map((n) => backoffDelay(n, backoff, () => 0))).toEqual([500, 1000, 15_000]);
    fc.assert(
      fc.property(fc.nat(1000), fc.double({ min: -1, max: 2, noNaN: true }), (failures, random) => {
        const delay = backoffDelay(failures, backoff, () => random);
        expect(delay).toBeGreaterThanOrEqual(500);
        expect(delay).toBeLessThanOrEqual(30_000);
      }),
    );
  });
});
