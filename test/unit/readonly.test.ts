import { describe, expect, it } from 'vitest';
import { isReadOnlyCommand, readOnlySegmentReason } from '../../shared/readonly/index.ts';
import { analyzeShell } from '../../shared/shell/index.ts';
import { hostileRows } from '../support/hostile/readonly.ts';

const CWD = '/work/repo';
const judge = (command: string) => isReadOnlyCommand(analyzeShell(command), CWD);

describe('isReadOnlyCommand: reads', () => {
  it.each([
    'ls -la src',
    'head -n 20 src/index.ts',
    'head -5 f',
    'tail -n -5 f',
    'grep --include=*.c -rn x .',
    'grep -rn TODO src 2>/dev/null',
    'ls 2>&1 | head',
    'cat < README.md',
    'cat <<EOF\nx\nEOF',
    'grep x <<< "text"',
    'ls >/dev/null && echo ok',
    'ls &>/dev/null',
    'echo hi >&2',
    "date -d '-1 day' +%F",
    "awk '{print $1}' f",
    "awk '$3 > 100' f",
    "sed 's/a/b/' f",
    "sed ':a;N;$!ba;s/\\n/ /g' f",
    'who',
    'seq 3',
    'cal',
    'zcat a.gz',
    '[ -f x ]',
    'test -d src',
    "printf '%s\\n' a",
    'find . -name "*.ts" -type f -newermt "2 days ago"',
    'git log --format=%h -3',
    'git stash show -p',
    'ls -- *',
    'cd src && ls',
    '/usr/bin/ls -la',
    'cat /proc/cpuinfo',
    "jq --arg n x '.[] | select(.a == $n)' f",
    'command -v rm',
    'command -V git ls',
    'type -a ls',
  ])('%j', (command) => {
    const verdict = judge(command);
    expect(verdict.reason).toMatch(/^every command only reads/);
    expect(verdict.readOnly).toBe(true);
  });
});

describe('isReadOnlyCommand: not reads, with the reason', () => {
  it.each<[string, RegExp]>([
    ['cat x > y', /redirection >y writes a file/],
    // Builtins stop reading options at the first operand: these run the program.
    ['command ./marker -v', /runs another command/],
    ['command rm -V x', /runs another command/],
    ['cat x >| y', /writes a file/],
    ['cat x <> y', /not known to only read/],
    ['ls >&out', /writes a file/],
    ['ls {fd}>/dev/null', /descriptor into a variable/],
    ['cat < /proc/self/environ', /proc/],
    ['rg x *', /may expand to options/],
    ['ls -*', /may expand to options/],
    ['uniq src/*', /may expand to more operands/],
    ['head -n src/* f', /no value we can read/],
    ['head -n --lines=1 f', /no value we can read/],
    ['l? -la', /names the program by a pattern/],
    ['sort --out=x y', /sort --out is not an option its entry lists/],
    ['sort --output x y', /sort --output writes a file/],
    ['ls --color', /^every/],
    ['ls --all=x', /takes no value/],
    ['ls -la --hyperlink', /^every/],
    ['tail -Z f', /tail -Z is not an option its entry lists/],
    ['xxd -ps in out', /one option its entry does not list/],
    ['xxd in out', /xxd writes its operand "out"/],
    ['date 0101', /sets the clock/],
    ['date -s now', /date -s/],
    ['date --set=now', /date --set/],
    ['hostname evil', /sets the host name/],
    ['hostname -F file', /hostname -F/],
    ['command ls', /runs another command/],
    ['printf -v x y', /assigns to a variable/],
    ['printf -vx y', /assigns to a variable/],
    ["test -v 'a[$(id)]'", /evaluate/],
    ['[ 1 -eq 1 ]', /evaluate/],
    ['[ -f x', /without a closing/],
    ['test -X f', /not a test operator/],
    ['read x', /assigns variables/],
    ['declare -p', /assigns variables/],
    ['./ls', /run by path/],
    ['/tmp/bin/ls', /run by path/],
    ['ls $HOME', /expansion/],
    ['ls &', /background/],
    ['X=1 ls', /environment variables/],
    ['env', /"env" is not (?:in the program catalog|on the read-only list)/],
    ['git -C . status', /git -C works on another directory or repository/],
    ['git --git-dir=x log', /git --git-dir/],
    ['git -c a=b log', /git -c/],
    ['cd /tmp && git log', /git runs after a cd/],
    ['cd .. && git log', /git runs after a cd/],
    ['cd && git log', /git runs after a cd/],
    ['cd - && git log', /git runs after a cd/],
    ['cd src && git status', /git runs after a cd/],
    ['cd /work/repo/sub && git log', /git runs after a cd/],
    ['git log --output=x', /--output is not an option its entry lists/],
    ['git log --outp=x', /--outp is not an option its entry lists/],
    ['git log --format=%G?', /gpg/],
    ["git for-each-ref '--format=%(signature)'", /gpg/],
    ['git stash', /"git stash" is not on the read-only list/],
    ['git worktree add x', /"git worktree add" is not in the program catalog/],
    ['git reflog delete x', /operand/],
    ['git branch x', /creates a branch/],
    ['git tag x', /creates a tag/],
    ['git config a.b c', /sets it/],
    // Its options end at the first operand: this sets bare.git to "--local".
    ['git config bare.git --local -z', /sets it|not a read|writes/],
    ['git config --unset a.b', /git config --unset writes a file/],
    ['git config edit', /not a read/],
    ['git remote add x y', /only "git remote -v"/],
    ['find . -delete', /-delete is not a test or action/],
    ['find . -fprint x', /-fprint/],
    ['find . -fls x', /-fls/],
    ['find . -exec rm {} ;', /-exec/],
    ['find . -name *.ts', /pattern/],
    ['find . -name', /no value/],
    ["sed -n '1w x' f", /"w" is not known/],
    ["sed '1r /etc/passwd' f", /"r" is not known/],
    ["sed 's/a/b/e' f", /s\/\/\/e/],
    ["sed 's/a/b/w /dev/stdout' f", /s\/\/\/w/],
    ["sed '/x/{p' f", /not closed/],
    ["sed 'a x\\' f", /backslash/],
    ['awk \'BEGIN{system("id")}\'', /system/],
    ['awk \'{print x++ / 2 > "out" / 1}\'', /writes its output/],
    ['awk \'{print | "sh"}\'', /pipes/],
    ['awk', /no program/],
    ['jq -n env', /env/],
    ["jq -n '$ENV'", /env/],
  ])('%j', (command, reason) => {
    const verdict = judge(command);
    expect(verdict.reason).toMatch(reason);
    expect(verdict.readOnly).toBe(reason.source.startsWith('^every'));
  });
});

describe('readOnlySegmentReason', () => {
  it('judges one simple command by itself, redirections aside', () => {
    const [read, write] = analyzeShell('git log -1 | rm -rf x').segments;
    expect(readOnlySegmentReason(read!)).toBeUndefined();
    expect(readOnlySegmentReason(write!)).toMatch(
      /"rm" is not (?:in the program catalog|on the read-only list)/,
    );
  });

  it('refuses a segment without words', () => {
    expect(readOnlySegmentReason({ argv: ['ls'], assignments: [], text: 'ls', start: 0, end: 2 })).toMatch(
      /word by word/,
    );
  });
});

describe('hostile read-only rows', () => {
  it.each(hostileRows.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    const command = row.input.command;
    expect(typeof command).toBe('string');
    expect(isReadOnlyCommand(analyzeShell(command as string), row.cwd ?? CWD).readOnly).toBe(false);
  });
});
