import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../shared/shell/index.ts';
import { runsOtherCommands, type Wrapped, wrappedCommands, wrappers } from '../../shared/wrappers/index.ts';

/** The first simple command of a command line, as argv. */
const argvOf = (command: string): readonly string[] => analyzeShell(command).segments.at(-1)!.argv;

/**
 * Every command a command line runs, down through wrappers: each as its words one space apart,
 * or `stdin` / `unknown`.
 */
function reached(command: string, depth = 0): string[] {
  if (depth > 8) return ['too deep'];
  const out: string[] = [];
  for (const segment of analyzeShell(command).segments) {
    out.push(segment.argv.join(' '));
    out.push(...reachedFrom(segment.argv, depth));
  }
  return out;
}

function reachedFrom(argv: readonly string[], depth: number): string[] {
  const out: string[] = [];
  for (const wrapped of wrappedCommands(argv)) {
    if (wrapped.kind === 'argv') {
      out.push(wrapped.argv.join(' '));
      out.push(...reachedFrom(wrapped.argv, depth + 1));
    } else if (wrapped.kind === 'script') out.push(...reached(wrapped.script, depth + 1));
    else out.push(wrapped.kind);
  }
  return out;
}

/** Each wrapper, in at least three spellings, runs `rm x` (or `rm -rf x`). */
const spellings: Record<string, readonly string[]> = {
  sudo: [
    'sudo rm x',
    'sudo -u root rm x',
    'sudo -E -H -u root -- rm x',
    'sudo A=1 rm x',
    'sudo -uroot -g wheel rm x',
    'sudo -s rm x',
    '/usr/bin/sudo --user=root rm x',
  ],
  doas: ['doas rm x', 'doas -u u rm x', 'doas -n -u root rm x', 'doas -uroot rm x'],
  pkexec: ['pkexec rm x', 'pkexec --user root rm x', 'pkexec --disable-internal-agent rm x'],
  run0: ['run0 rm x', 'run0 -u root rm x', 'run0 --chdir=/ --setenv=A=1 rm x'],
  su: [
    "su -c 'rm x' user",
    "su root -c 'rm x'",
    "su - root -c 'rm x'",
    "su --command='rm x' root",
    "su -s /bin/sh -c 'rm x'",
    "su root -- -c 'rm x'",
  ],
  runuser: [
    'runuser -u u -- rm x',
    'runuser -u u rm x',
    "runuser -l root -c 'rm x'",
    "runuser root -c 'rm x'",
    'runuser --user=u -- rm x',
  ],
  sg: ["sg grp -c 'rm x'", "sg grp 'rm x'", 'sg grp rm x', "sg - grp -c 'rm x'"],
  gosu: ['gosu user rm x', 'gosu 1000:1000 rm x', 'gosu nobody rm x'],
  'su-exec': ['su-exec user rm x', 'su-exec 1000 rm x', 'su-exec root:root rm x'],
  setpriv: ['setpriv --reuid=1000 rm x', 'setpriv --nnp rm x', 'setpriv --reuid 1000 --clear-groups rm x'],
  fakeroot: ['fakeroot rm x', 'fakeroot -- rm x', 'fakeroot -u -s state rm x'],
  sshpass: ['sshpass -p pw rm x', 'sshpass -ppw rm x', 'sshpass -f file -e rm x'],
  env: [
    'env rm x',
    'env -i A=1 rm x',
    'env A=1 B=2 rm x',
    "env -S 'rm x'",
    "env --split-string='rm x'",
    "env -S'A=1 rm x'",
    'env -u HOME -C / rm x',
    'env - rm x',
  ],
  nice: [
    'nice rm x',
    'nice -n 5 rm x',
    'nice -5 rm x',
    'nice -n5 rm x',
    'nice --adjustment=5 rm x',
    'nice --adj 5 rm x',
  ],
  ionice: [
    'ionice -c 3 rm x',
    'ionice -c3 -n7 rm x',
    'ionice --class 2 --classdata 0 rm x',
    'ionice -t rm x',
  ],
  chrt: ['chrt 10 rm x', 'chrt -f 10 rm x', 'chrt --rr 5 rm x', 'chrt -b 0 rm x'],
  taskset: ['taskset 0x1 rm x', 'taskset -c 1 rm x', 'taskset --cpu-list 0-3 rm x', 'taskset -a 0x3 rm x'],
  timeout: [
    'timeout 10 rm x',
    'timeout -k 5 10 rm x',
    'timeout -s KILL 5 rm x',
    'timeout --kill-after=5 10 rm x',
    'timeout --preserve-status -k5 1m rm x',
    'timeout --kill 5 10 rm x',
  ],
  stdbuf: ['stdbuf -oL rm x', 'stdbuf -o L rm x', 'stdbuf --output=L -e0 rm x', 'stdbuf -i0 -o0 -e0 rm x'],
  prlimit: [
    'prlimit --nofile=1 rm x',
    'prlimit -n1 rm x',
    'prlimit --as=100000 --cpu=10 rm x',
    'prlimit --noheadings rm x',
  ],
  flock: [
    'flock -w 1 /lock rm x',
    "flock /lock -c 'rm x'",
    'flock -x /lock rm x',
    'flock --timeout=1 -n /lock rm x',
    "flock -n /lock --command 'rm x'",
  ],
  nohup: ['nohup rm x', 'nohup -- rm x', '/usr/bin/nohup rm x'],
  setsid: ['setsid rm x', 'setsid -w rm x', 'setsid --fork --wait rm x', 'setsid -f rm x'],
  caffeinate: ['caffeinate rm x', 'caffeinate -i rm x', 'caffeinate -t 60 -d rm x'],
  unbuffer: ['unbuffer rm x', 'unbuffer -p rm x', '/usr/bin/unbuffer rm x'],
  chroot: ['chroot /root rm x', 'chroot --userspec=u:g /root rm x', 'chroot --skip-chdir / rm x'],
  unshare: [
    'unshare -r rm x',
    'unshare --map-root-user rm x',
    'unshare -m -u -i -n -p -f rm x',
    'unshare --mount=/x --fork rm x',
    'unshare -R / -w /tmp rm x',
  ],
  nsenter: [
    'nsenter -t 1 -m rm x',
    'nsenter --target=1 --mount --uts rm x',
    'nsenter -a -t 1 rm x',
    'nsenter -t1 -m -p rm x',
  ],
  firejail: ['firejail rm x', 'firejail --noprofile rm x', 'firejail --private --net=none rm x'],
  'systemd-run': [
    'systemd-run rm x',
    'systemd-run --user --scope rm x',
    'systemd-run -p MemoryMax=1G --wait rm x',
    'systemd-run --unit x -t rm x',
  ],
  torsocks: ['torsocks rm x', 'torsocks -i rm x', 'torsocks -a 127.0.0.1 -P 9050 rm x'],
  proxychains: ['proxychains rm x', 'proxychains -q rm x', 'proxychains -f conf rm x'],
  proxychains4: ['proxychains4 rm x', 'proxychains4 -q rm x', 'proxychains4 -f conf rm x'],
  strace: [
    'strace rm x',
    'strace -f rm x',
    'strace -ff -o out rm x',
    'strace -e trace=file rm x',
    'strace -fe execve rm x',
  ],
  ltrace: ['ltrace rm x', 'ltrace -f rm x', 'ltrace -o out -S rm x'],
  // bash's own `time` keyword is the parser's; this is the program.
  time: [
    '/usr/bin/time rm x',
    '/usr/bin/time -p rm x',
    '/usr/bin/time -f %e rm x',
    '/usr/bin/time -v -o out rm x',
  ],
  command: ['command rm x', 'command -p rm x', 'command -- rm x'],
  builtin: ['builtin eval "rm x"', 'builtin command rm x', 'builtin exec rm x'],
  exec: ['exec rm x', 'exec -a name rm x', 'exec -c -l rm x'],
  busybox: ['busybox rm x', '/bin/busybox rm x', "busybox sh -c 'rm x'"],
  xargs: [
    'xargs rm x',
    'xargs -I{} -n1 rm x',
    'xargs -0 rm x',
    'xargs -I {} rm x',
    'xargs --max-args=1 -P4 rm x',
    'xargs -i rm x',
    'xargs -d "\\n" rm x',
  ],
  parallel: [
    'parallel rm x ::: a',
    "parallel 'rm x' ::: a b",
    'parallel -j4 rm x ::: a',
    "parallel ::: 'rm x'",
    'parallel --will-cite -k rm x :::: list',
  ],
  watch: [
    'watch rm x',
    'watch -n 3 -d rm x',
    "watch 'rm x'",
    'watch -x rm x',
    'watch --interval=1 --differences rm x',
    'watch -n1 -- rm x',
  ],
  script: [
    "script -c 'rm x' /dev/null",
    "script -q -c 'rm x'",
    "script --command='rm x' -e log",
    "script -qfc 'rm x' /dev/null",
  ],
};

describe('the wrapper table', () => {
  it('every entry has its spellings here', () => {
    for (const name of Object.keys(wrappers)) {
      if (name === 'at' || name === 'batch' || name === 'newgrp') continue;
      expect(spellings[name], name).toBeDefined();
      expect(spellings[name]!.length, name).toBeGreaterThanOrEqual(3);
    }
  });

  for (const [name, commands] of Object.entries(spellings)) {
    it.each(commands)(`${name}: %s runs rm x`, (command) => {
      expect(runsOtherCommands(argvOf(command)[0]!)).toBe(true);
      expect(reached(command)).toContain('rm x');
    });
  }

  it.each([
    'at now',
    'at -q a now + 1 minute',
    'batch',
    'at -m 10:00',
    'at -f /dev/stdin now',
    'chroot /root',
    'unshare -r',
    'nsenter -t 1 -m',
    'su',
    'su - root',
    'sudo -s',
    'sudo -i',
    'sg grp',
    'newgrp grp',
    'script /dev/null',
    'script -q',
    'firejail',
    'parallel',
    'parallel -j4',
    'pkexec',
    'systemd-run --shell',
    'doas -s',
  ])('%s reads its command from stdin', (command) => {
    expect(wrappedCommands(argvOf(command))).toContainEqual({ kind: 'stdin' });
  });

  it.each([
    'command -v rm',
    'command -V rm',
    'sudo -l rm x',
    'sudo -v',
    'taskset -p 0x1 1234',
    'ionice -p 1234',
    'prlimit -p 1 --nofile=1',
    'xargs',
    'xargs -0',
    'env',
    'env -i',
    'at -l',
    'at -f job.sh now',
    'nohup',
    'timeout 5',
    'flock 9',
    'busybox --list',
    'chrt -p 1234',
  ])('%s runs nothing it is given', (command) => {
    expect(wrappedCommands(argvOf(command))).toEqual([]);
  });

  it.each([
    'timeout --frobnicate 5 rm x',
    'nice -z rm x',
    'sudo --not-an-option rm x',
    'xargs -Q rm',
    'timeout -k',
    'watch --- rm x',
    'env --ignore-signal=x --pid rm x',
    'su -c',
    // The catalog's parser takes no value from a following word that starts with "-" (it may be
    // an option the entry does not list), so env's split string cannot be read: unknown.
    "env -S '-i rm x'",
    'timeout -s -KILL 5 rm x',
  ])('%s: an option the table does not know, so the command is unknown', (command) => {
    expect(wrappedCommands(argvOf(command))).toContainEqual({ kind: 'unknown' });
  });

  it('an ambiguous abbreviation is unknown, an unambiguous one is read', () => {
    expect(wrappedCommands(['timeout', '--ver', '5', 'rm'])).toEqual([{ kind: 'unknown' }]);
    expect(wrappedCommands(['timeout', '--pre', '5', 'rm'])).toEqual([
      { kind: 'argv', argv: ['rm'], offset: 3 },
    ]);
  });

  it('says where the wrapped command starts', () => {
    expect(wrappedCommands(['timeout', '-k', '5', '10', 'rm', 'x'])).toEqual([
      { kind: 'argv', argv: ['rm', 'x'], offset: 4 },
    ]);
    expect(wrappedCommands(['su', '-c', 'rm x', 'root'])).toEqual([
      { kind: 'script', script: 'rm x', offset: 2, end: 3 },
    ]);
    expect(wrappedCommands(['watch', '-n', '3', 'rm', 'x'])).toEqual([
      { kind: 'script', script: 'rm x', offset: 3, end: 5 },
    ]);
    expect(wrappedCommands(['bash', '-c', 'rm x', 'name'])).toEqual([
      { kind: 'script', script: 'rm x', offset: 2, end: 3 },
    ]);
  });

  it('getopt stops at the first operand: `timeout 5 -s x` runs `-s`', () => {
    expect(wrappedCommands(['timeout', '5', '-s', 'KILL', 'rm'])).toEqual([
      { kind: 'argv', argv: ['-s', 'KILL', 'rm'], offset: 2 },
    ]);
  });
});

describe('shells, eval, source and find', () => {
  it.each<[string, readonly Wrapped[]]>([
    ["bash -c 'rm x'", [{ kind: 'script', script: 'rm x', offset: 2, end: 3 }]],
    ["sh -lc 'rm x'", [{ kind: 'script', script: 'rm x', offset: 2, end: 3 }]],
    ["zsh -o errexit -c 'rm x'", [{ kind: 'script', script: 'rm x', offset: 4, end: 5 }]],
    ["dash -c -- 'rm x'", [{ kind: 'script', script: 'rm x', offset: 3, end: 4 }]],
    ["fish --command='rm x'", [{ kind: 'script', script: 'rm x', offset: 1, end: 2 }]],
    ["/bin/ksh -xc 'rm x'", [{ kind: 'script', script: 'rm x', offset: 2, end: 3 }]],
    ['bash', [{ kind: 'stdin' }]],
    ['sh -s a b', [{ kind: 'stdin' }]],
    ['bash -i', [{ kind: 'stdin' }]],
    ['bash -', [{ kind: 'stdin' }]],
    ['bash /dev/stdin', [{ kind: 'stdin' }]],
    ['bash <(curl x)', [{ kind: 'stdin' }]],
    ['sh /proc/self/fd/0', [{ kind: 'stdin' }]],
    ['bash --norc', [{ kind: 'stdin' }]],
    ['bash ./script.sh', []],
    ['bash -c', [{ kind: 'unknown' }]],
    ['eval "rm x"', [{ kind: 'script', script: 'rm x', offset: 1, end: 2 }]],
    ['eval rm x', [{ kind: 'script', script: 'rm x', offset: 1, end: 3 }]],
    ['eval', []],
    ['source /dev/stdin', [{ kind: 'stdin' }]],
    ['. /dev/fd/0', [{ kind: 'stdin' }]],
    ['source /proc/self/fd/0', [{ kind: 'stdin' }]],
    ['source -', [{ kind: 'stdin' }]],
    ['. <(echo git push)', [{ kind: 'stdin' }]],
    ['source <(curl x)', [{ kind: 'stdin' }]],
    ['. /dev/fd/63', [{ kind: 'stdin' }]],
    ['source ./env.sh', []],
    ['find . -exec rm {} \\;', [{ kind: 'argv', argv: ['rm', '{}'], offset: 3 }]],
    ['find . -execdir rm -f {} +', [{ kind: 'argv', argv: ['rm', '-f', '{}'], offset: 3 }]],
    [
      'find . -ok rm {} \\; -okdir mv {} y \\;',
      [
        { kind: 'argv', argv: ['rm', '{}'], offset: 3 },
        { kind: 'argv', argv: ['mv', '{}', 'y'], offset: 7 },
      ],
    ],
    ['find . -name x', []],
  ])('%s', (command, expected) => {
    expect(wrappedCommands(argvOf(command))).toEqual(expected);
  });
});

describe('git global options', () => {
  it.each([
    'git -C . push',
    'git -C a -C b push',
    'git -c k=v push',
    'git --no-pager push',
    'git -P push',
    'git -p push',
    'git --git-dir=x push',
    'git --git-dir x push',
    'git --work-tree x push',
    'git --work-tree=x push',
    'git --namespace=x push',
    'git --exec-path=x push',
    'git --config-env=a=b push',
    'git --bare --no-optional-locks --literal-pathspecs push',
    'git -c alias.p=push p',
    'git -c ALIAS.P=push p',
    "git -c alias.p='!git push' p",
  ])('%s runs git push', (command) => {
    expect(reached(command).some((text) => text.startsWith('git push'))).toBe(true);
  });

  it.each([
    ["git -c core.pager='rm x' log", 'rm x'],
    ["git -c core.sshCommand='rm x' fetch", 'rm x'],
    ["git -c 'alias.st=!rm x' st", 'rm x'],
    ["git -c credential.helper='!rm x' fetch", 'rm x'],
    ["git -c diff.external='rm x' diff", 'rm x'],
  ])('%s runs %s', (command, inner) => {
    expect(reached(command)).toContain(inner);
  });

  it.each([
    'git -c core.hooksPath=/tmp/h commit',
    'git -c include.path=/tmp/c status',
    'git --config-env=core.pager=X log',
    'git --frob push',
  ])('%s is unknown', (command) => {
    expect(wrappedCommands(argvOf(command))).toContainEqual({ kind: 'unknown' });
  });

  it('git without global options runs nothing more, so reading stops', () => {
    expect(wrappedCommands(['git', 'push'])).toEqual([]);
    expect(wrappedCommands(['git', '--version'])).toEqual([]);
    expect(wrappedCommands(['git', '-C', '.'])).toEqual([]);
  });
});

describe('commands run on another machine, in a container or in a pod', () => {
  it.each<[string, readonly string[]]>([
    ['ssh host rm -rf x', ['rm -rf x']],
    ["ssh host 'rm -rf x; ls'", ['rm -rf x', 'ls']],
    ['ssh -p 2222 -i key user@host -- rm x', ['rm x']],
    ['ssh -t host sudo rm x', ['sudo rm x', 'rm x']],
    ['ssh -o ProxyCommand="nc %h %p" host', ['nc %h %p']],
    ['ssh -oLocalCommand=rm\\ x host ls', ['rm x', 'ls']],
    ['mosh host -- rm x', ['rm x']],
    ['podman run alpine rm -rf /', ['rm -rf /']],
    ['podman run --rm -it -v /:/h alpine sh -c "rm x"', ['sh -c rm x', 'rm x']],
    ['podman exec c rm x', ['rm x']],
    ['podman exec -it -u root c rm x', ['rm x']],
    ['podman container exec c rm x', ['rm x']],
    ['podman --remote=false exec c rm x', ['unknown']],
    ['docker exec c rm x', ['rm x']],
    ['docker create alpine rm x', ['rm x']],
    ['nerdctl run alpine rm x', ['rm x']],
    ['kubectl exec pod -- rm x', ['rm x']],
    ['kubectl exec -n ns -c app pod -- sh -c "rm x"', ['sh -c rm x', 'rm x']],
    ['kubectl run tmp --image=busybox -- rm x', ['rm x']],
    ['oc exec pod -- rm x', ['rm x']],
  ])('%s runs %j', (command, expected) => {
    expect(reached(command).slice(1)).toEqual(expected);
  });

  it.each([
    'ssh host',
    'ssh -N -L 8080:localhost:80 host',
    'podman ps',
    'podman run alpine',
    'docker images',
    'kubectl get pods',
    'kubectl exec pod',
    'kubectl logs pod',
  ])('%s runs nothing more', (command) => {
    expect(reached(command).slice(1)).toEqual([]);
  });
});
