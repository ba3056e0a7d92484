import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStartOptions } from '../../scripts/start-options.ts';
import { root } from '../support/local-relay.ts';

// The README's commands stay honest: every `npm start -- …` it shows is accepted by npm start,
// every `gatehouse <command>` it names is one the CLI has. (The demo sample is checked against
// the demo's real output in test/e2e/readme-demo.test.ts.)

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const cliMain = readFileSync(join(root, 'client/cli/main.ts'), 'utf8');

describe('the README’s commands', () => {
  const starts = [
    ...new Set(
      [...readme.matchAll(/npm start -- ((?:--?[a-z][\w-]*(?:[ =]\d+)? ?)+)/g)].map((m) =>
        (m[1] ?? '').trim(),
      ),
    ),
  ];
  const portVariables = [...readme.matchAll(/GATEHOUSE_PORT=(\S+) npm start/g)].map((m) => m[1] ?? '');

  it('shows npm start’s flags and GATEHOUSE_PORT', () => {
    expect(starts).toEqual(expect.arrayContaining(['--port 8788', '--lan', '--help']));
    expect(portVariables).toContain('8788');
  });

  it.each(starts)('npm start -- %s is accepted', (flags) => {
    expect(parseStartOptions(flags.split(/[ ]+/), {})).not.toHaveProperty('error');
  });

  it.each(portVariables)('GATEHOUSE_PORT=%s is accepted', (port) => {
    expect(parseStartOptions([], { GATEHOUSE_PORT: port })).not.toHaveProperty('error');
  });

  // `/gatehouse link CODE` is Slack's slash command, not the CLI's.
  const named = [
    ...new Set([...readme.matchAll(/(?<!\/)gatehouse ([a-z][a-z-]*)/g)].map((m) => m[1] ?? '')),
  ].filter((word) => !['relay', 'demo-'].includes(word));
  it.each(named)('gatehouse %s is a command of the CLI (in its usage)', (command) => {
    expect(cliMain).toMatch(new RegExp(`\\n  ${command}\\s`));
  });
});
