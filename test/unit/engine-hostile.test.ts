/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import type { Mode } from '../../shared/contract/index.ts';
import { decide } from '../../shared/engine/index.ts';
import { compilePlan } from '../../shared/plan/index.ts';
import type { HostileRow } from '../support/hostile/types.ts';

/**
 * Every hostile table (test/support/hostile/*.ts, one file per class of attack) through `decide`:
 * a row is a whole tool call that must never be allowed, in each of its modes.
 */
const files = import.meta.glob<{ hostileRows?: HostileRow[] }>(
  ['../support/hostile/*.ts', '!../support/hostile/types.ts'],
  {
    eager: true,
  },
);

const home = '/home/dev';
const defaultModes: readonly Mode[] = ['default', 'plan'];

const cases = Object.entries(files).flatMap(([file, exports]) =>
  (exports.hostileRows ?? []).flatMap((row) =>
    (row.modes ?? defaultModes).map((mode) => ({ file: file.replace('../support/hostile/', ''), row, mode })),
  ),
);

describe('hostile tables', () => {
  it('are there, each with rows', () => {
    expect(Object.keys(files).length).toBeGreaterThan(0);
    for (const [file, exports] of Object.entries(files)) {
      expect(Array.isArray(exports.hostileRows), `${file} exports hostileRows`).toBe(true);
      expect(exports.hostileRows!.length, `${file} has rows`).toBeGreaterThan(0);
    }
  });

  it.each(cases)('$file, $mode: $row.name', ({ row, mode }) => {
    const plan = compilePlan({
      ...row.workspace,
      permissions: { allow: [], ask: [], deny: [], ...row.rules },
    });
    const decision = decide(
      plan,
      {
        toolCallId: 'hostile',
        tool: row.tool,
        input: row.input,
        ...(row.cwd === undefined ? {} : { cwd: row.cwd }),
        ...(row.capability === undefined ? {} : { capability: row.capability }),
      },
      { mode, home },
    );
    if (row.expect === 'not_allow') expect(decision.behavior, decision.reason).not.toBe('allow');
    else expect(decision.behavior, decision.reason).toBe(row.expect);
  });
});
