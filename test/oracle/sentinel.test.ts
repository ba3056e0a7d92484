import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSecretPath } from '../../shared/shield/secret-paths.ts';
import { buildFixture, canaryPathFor, type Fixture } from './fixtures.ts';
import { judge, type ViolationKind } from './judge.ts';
import { runTraced } from './run.ts';

/**
 * The oracle can fail: commands that do each harm, run through the same runner and judge as the
 * generated ones, are caught, each by the kind of harm it does. They also prove the fixtures
 * hostile: the nested repository's configuration really runs the marker, the links really lead
 * to the canaries, a connection really shows inside the private namespace.
 */
let fixture: Fixture;
let runs = 0;

beforeAll(async () => {
  fixture = await buildFixture();
});
afterAll(async () => {
  await fixture?.close();
});

async function kinds(command: string, programs: string[], shieldFlagged = false): Promise<ViolationKind[]> {
  runs += 1;
  const world = fixture.copy(`sentinel-${runs}`);
  const run = await runTraced(command.replaceAll('PORT', String(fixture.port)), world, 10_000);
  expect(run.timedOut, `${command} timed out`).toBe(false);
  const violations = judge(run.events, {
    programs,
    canaries: world.canaries,
    shieldFlagged,
    scratchDir: world.env.TMPDIR,
  });
  return [...new Set(violations.map((violation) => violation.kind))].sort();
}

describe('the oracle sees every kind of harm', () => {
  it('a plain read is clean', async () => {
    expect(await kinds('cat a.txt', ['cat'])).toEqual([]);
    expect(await kinds('git log --oneline', ['git'])).toEqual([]);
    expect(await kinds('ls -la homelink/ dir', ['ls'])).toEqual([]);
  });

  it('a write: xxd takes the word after its input as its output file', async () => {
    expect(await kinds('xxd a.txt -a', ['xxd'])).toEqual(['write']);
    expect(await kinds('tree -Lo 1 out', ['tree'])).toContain('write');
  });

  it('a scratch file in TMPDIR, created new and removed, is no write; one that stays is', async () => {
    expect(await kinds("printf 'a\\nb\\n' | tac", ['printf', 'tac'])).toEqual([]);
    expect(await kinds('set -C; echo x > "$TMPDIR/kept"', [])).toEqual(['write']);
    expect(await kinds('echo x > "$TMPDIR/kept"; rm "$TMPDIR/kept"', ['rm'])).toEqual(['write']);
  });

  it("a program run: git runs a nested repository's fsmonitor, pager, textconv and hooks", async () => {
    expect(await kinds('cd sub && git status', ['git'])).toContain('exec');
    expect(await kinds('cd sub && git diff', ['git'])).toContain('exec');
    expect(await kinds('cd sub && git log -1', ['git'])).toContain('exec');
    expect(await kinds('git --git-dir=bare.git log -1', ['git'])).toContain('exec');
    expect(await kinds('cd plain && git log -1', ['git'])).toContain('exec');
  });

  it('a connection, though the private namespace has no network', async () => {
    expect(await kinds('cat < /dev/tcp/127.0.0.1/PORT', ['cat'])).toEqual(['connect']);
    expect(fixture.connections()).toBe(0);
  });

  it('a canary read through a link into the fake HOME, unless the shield flagged the call', async () => {
    expect(await kinds('cat awslink/credentials', ['cat'])).toEqual(['canary']);
    expect(await kinds('grep -R CANARY homelink/.aws', ['grep'])).toEqual(['canary']);
    expect(await kinds('cat ~/.aws/credentials', ['cat'], true)).toEqual([]);
  });

  it('a command that does not end is reported, not passed', async () => {
    const world = fixture.copy('sentinel-timeout');
    const run = await runTraced('tail -f a.txt', world, 1_000);
    expect(run.timedOut).toBe(true);
  });
});

describe('the fixtures', () => {
  it("plant a canary at a path of every entry of the shield's secret list, each one the shield flags", () => {
    const world = fixture.copy('canaries');
    const listed = fixture.canaries.filter((canary) => canary.listed);
    expect(listed.length).toBeGreaterThan(50);
    for (const canary of listed) {
      expect(existsSync(join(world.home, canary.path)), canary.path).toBe(true);
      expect(isSecretPath(`~/${canary.path}`), canary.path).toBe(true);
    }
    expect(canaryPathFor('.gnupg/**')).toBe('.gnupg/deep/canary');
    expect(canaryPathFor('etc/ssh/ssh_host_*_key')).toBe('etc/ssh/ssh_host_canary_key');
  });
});
