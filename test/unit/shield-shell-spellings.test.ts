import { describe, expect, it } from 'vitest';
import type { Mode } from '../../shared/contract/index.ts';
import { callFacts, decide } from '../../shared/engine/index.ts';
import { compilePlan } from '../../shared/plan/index.ts';
import {
  cwd,
  shellPathRows,
  shellPathSpellings,
  shellTouches,
} from '../support/hostile/shell-path-spellings.ts';

/**
 * Every spelling of `.env` (test/support/hostile/shell-path-spellings.ts) by every way a Bash
 * command touches a file. The shield (DESIGN §5 step 2) is what must catch each one, so the
 * call asks even under Full Access, where nothing else would; and it denies when the workspace
 * sets the shield to `deny`. File tools given the path bash would pass are caught the same way:
 * Bash is no weaker than Read.
 */
const home = '/home/dev';
const askPlan = compilePlan({ permissions: { allow: [], ask: [], deny: [] } });
const denyPlan = compilePlan({ shield: 'deny', permissions: { allow: [], ask: [], deny: [] } });

const call = (tool: string, input: Record<string, unknown>) => ({ toolCallId: 'spelling', tool, input, cwd });

describe('a secret file spelt any way, touched by Bash any way', () => {
  it('covers every spelling by every way', () => {
    expect(shellPathRows).toHaveLength(shellPathSpellings.length * shellTouches.length);
  });

  it.each(shellPathRows)('$name', (row) => {
    const bash = call(row.tool, row.input);
    for (const mode of ['default', 'plan', 'bypass'] satisfies Mode[]) {
      const decision = decide(askPlan, bash, { mode, home });
      expect(`${mode}: ${decision.behavior} ${decision.reasonCode}`).toMatch(
        new RegExp(`^${mode}: ask shield_`),
      );
    }
    const denied = decide(denyPlan, bash, { mode: 'bypass', home });
    expect(`${denied.behavior} ${denied.reasonCode}`).toMatch(/^deny shield_/);
  });
});

describe('the file tools, given the path bash passes', () => {
  const passed = shellPathSpellings.filter((spelling) => spelling.passed !== undefined);

  it.each(passed)('Read $name ($passed)', ({ passed: path }) => {
    const decision = decide(askPlan, call('Read', { file_path: path }), { mode: 'bypass', home });
    expect(`${decision.behavior} ${decision.reasonCode}`).toBe('ask shield_secret_file');
  });
});

describe('names that are not the secret file stay unflagged', () => {
  // Each is one character or one word from a spelling above: the shield must tell them apart.
  const harmless = [
    'cat .env.example',
    "cat '.env.example '",
    'cat .ENV.EXAMPLE.',
    'cat .envy',
    'cat env',
    'cat .en',
    "cat 'my .env notes/readme'",
    'git commit -m "fix: add .env"',
    'git commit -m "add .env to .gitignore"',
    'echo .env >> .gitignore',
    'python3 -c \'print("see .env.example")\'',
    'node -e "console.log([1,2].join())"',
    'cat ENV~X',
  ];

  it.each(harmless)('%s', (command) => {
    expect(callFacts({ ...call('Bash', { command }) }).secret).toBeNull();
  });
});
