import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import { describe, expect, it } from 'vitest';
import { matchSecrets, shieldScan } from '../../shared/shield/index.ts';

/**
 * secretlint's recommended preset as an oracle over a corpus of fake secrets
 * (test/fixtures/secrets/): whatever it finds, the shield finds too — each of its findings
 * overlaps a span the shield would redact. And the converse sanity check: ordinary commands
 * give the shield nothing to report.
 */

const folder = join(import.meta.dirname, '../fixtures/secrets');
/** The corpus's files, their secrets joined again (README.md says why they are cut). */
const corpus = readdirSync(folder)
  .filter((name) => name !== 'README.md')
  .map((name) => ({ name, content: readFileSync(join(folder, name), 'utf8').replaceAll('<<>>', '') }));

async function secretlintFindings(name: string, content: string) {
  const result = await lintSource({
    source: {
      content,
      filePath: join('/corpus', name),
      ext: name.slice(name.lastIndexOf('.')),
      contentType: 'text',
    },
    options: {
      config: { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended }] },
    },
  });
  return result.messages;
}

describe('secretlint (recommended preset) as an oracle', () => {
  it('the corpus has files to scan', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(25);
  });

  it.each(corpus)('whatever secretlint finds in $name, the shield finds', async ({ name, content }) => {
    const messages = await secretlintFindings(name, content);
    // Each file is there to be found: one secretlint does not flag is a corpus mistake.
    expect(messages.length, `secretlint finds nothing in ${name}`).toBeGreaterThan(0);
    const spans = matchSecrets(content);
    for (const message of messages) {
      const [start, end] = message.range;
      const overlaps = spans.some((span) => span.start < end && start < span.end);
      expect(overlaps, `${message.ruleId}: ${content.slice(start, end)}`).toBe(true);
    }
  });

  it('the corpus covers the preset: most of its rules fire somewhere', async () => {
    const rules = new Set<string>();
    for (const { name, content } of corpus) {
      for (const message of await secretlintFindings(name, content)) rules.add(message.ruleId);
    }
    expect(rules.size).toBeGreaterThanOrEqual(24);
  });
});

/** Commands an agent runs every day: nothing in them is a secret or reads one. */
const ordinaryCommands = [
  'git status',
  'git diff --stat HEAD~1',
  'git log --oneline -n 20',
  'git commit -m "fix: handle empty token list"',
  'git push origin feature/token-refresh',
  'npm test -- --run',
  'npm run build',
  'npm install --save-dev vitest',
  'npx tsc --noEmit -p tsconfig.json',
  'ls -la',
  'ls ~/.ssh',
  'cat README.md',
  'cat package.json | jq .scripts',
  'head -n 50 src/index.ts',
  'tail -f logs/app.log',
  'grep -rn "TODO" src',
  'grep -r password_hash src/db',
  'rg --files | wc -l',
  'find . -name "*.ts" -not -path "./node_modules/*"',
  'sed -n 1,40p src/auth/token.ts',
  "awk '{print $1}' access.log | sort | uniq -c",
  'docker ps -a',
  'docker build -t app:latest .',
  'kubectl get pods -n staging',
  'curl -s https://api.github.com/repos/o/r',
  'curl -H "Authorization: Bearer $GITHUB_TOKEN" https://api.github.com/user',
  'curl -u "$USER:$PASS" https://example.com',
  'export NODE_ENV=production',
  'PGPASSWORD=$DB_PASSWORD psql -h localhost -U app',
  'mysql -u root -p app',
  'python3 -m pytest -q tests/',
  'python3 -c "print(1 + 2)"',
  'node scripts/migrate.mjs --dry-run',
  'cargo build --release',
  'go test ./...',
  'make -j4',
  'tar czf dist.tgz dist',
  'cp -r src /tmp/backup',
  'cd src && ls',
  'echo .env >> .gitignore',
  'cat .env.example',
  'ssh-keygen -lf ~/.ssh/id_ed25519.pub',
  'cat ~/.ssh/known_hosts | wc -l',
  'openssl x509 -in cert.crt -noout -text',
  'jq ".tokens | length" usage.json',
  'wc -l src/**/*.ts',
  'du -sh node_modules',
  'ps aux | grep node',
  'cat /proc/cpuinfo',
  'cat /etc/os-release',
  'date -u +%FT%TZ',
  'llm --max_tokens=4096 "summarise"',
  'gcloud list --page_token=CAEQAA12345',
  'gh pr list --state open',
  'task-list-refactoring-for-the-sk-module --help',
];

describe('the converse: ordinary commands give the shield nothing', () => {
  it.each(ordinaryCommands)('%s', (command) => {
    expect(shieldScan({ tool: 'Bash', input: { command, description: 'Run a command' } })).toEqual({
      findings: [],
      secretFile: null,
    });
  });
});
