import { describe, expect, it } from 'vitest';
import { changes, connects, execs, opens, parseTrace, splitArgs } from './trace.ts';

/**
 * Lines as Debian's strace 6.1 wrote them with the runner's flags (`-f -qq -y -s 512 -e
 * signal=none`), copied from real traces: the parser is tested on what strace prints, not on
 * what we think it prints.
 */
const real = {
  xxdWrites: [
    '9312  execve("/usr/bin/xxd", ["xxd", "link", "-a"], 0x558fe41a8930 /* 39 vars */) = 0',
    '9312  openat(AT_FDCWD</tmp/stt>, "-a", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 4</tmp/stt/-a>',
  ],
  linkRead: '9310  openat(AT_FDCWD</tmp/stt>, "link", O_RDONLY) = 3</tmp/stt/h/sec>',
  ttyFails:
    '9304  openat(AT_FDCWD</tmp/stt>, "/dev/tty", O_RDWR|O_NONBLOCK) = -1 ENXIO (No such device or address)',
  tcp: '9304  connect(3<socket:[21062]>, {sa_family=AF_INET, sin_port=htons(9), sin_addr=inet_addr("127.0.0.1")}, 16) = -1 ENETUNREACH (Network is unreachable)',
  tcp6: '77 connect(3<socket:[1]>, {sa_family=AF_INET6, sin6_port=htons(80), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "::1", &sin6_addr), sin6_scope_id=0}, 28) = -1 ENETUNREACH (Network is unreachable)',
  nscd: '11953 connect(3<socket:[29414]>, {sa_family=AF_UNIX, sun_path="/var/run/nscd/socket"}, 110) = -1 ENOENT (No such file or directory)',
  rename: '11944 renameat2(AT_FDCWD</tmp/stt>, "d/a b", AT_FDCWD</tmp/stt>, "d/c", RENAME_NOREPLACE) = 0',
  unlinkInDir: '11951 unlinkat(4</tmp/stt/d>, "l", 0)   = 0',
  mkdir: '11942 mkdir("d", 0777)                  = 0',
  symlink: '11949 symlinkat("x", AT_FDCWD</tmp/stt>, "d/l") = 0',
  touch:
    '11943 openat(AT_FDCWD</tmp/stt>, "d/a b", O_WRONLY|O_CREAT|O_NOCTTY|O_NONBLOCK, 0666) = 3</tmp/stt/d/a b>',
  searchPath: [
    '11956 execve("/root/.cargo/bin/bash", ["bash", "/root/.pyenv/shims/python3", "-c", "import socket"], 0x7ffc04cc3a68 /* 39 vars */) = -1 ENOENT (No such file or directory)',
  ],
  interleaved: [
    '12244 wait4(-1,  <unfinished ...>',
    '12245 execve("/usr/bin/cat", ["cat", "\\303\\251"], 0x56100f11dd30 /* 39 vars */ <unfinished ...>',
    '12247 execve("/usr/bin/sleep", ["sleep", "0.01"], 0x56100f11dd30 /* 39 vars */ <unfinished ...>',
    '12245 <... execve resumed>)             = 0',
    '12247 <... execve resumed>)             = 0',
    '12245 openat(AT_FDCWD</tmp/stt>, "\\303\\251", O_RDONLY <unfinished ...>',
    '12248 openat(AT_FDCWD</tmp/stt>, "/usr/lib/locale/C.UTF-8/LC_NUMERIC", O_RDONLY|O_CLOEXEC <unfinished ...>',
    '12245 <... openat resumed>)             = 3</tmp/stt/\\303\\251>',
    '12248 <... openat resumed>)             = -1 ENOENT (No such file or directory)',
  ],
};

describe('the strace trace parser', () => {
  it('reads a program run and the file it opened for writing (xxd IN -a)', () => {
    const events = parseTrace(real.xxdWrites.join('\n'));
    expect(execs(events)).toEqual([
      { path: '/usr/bin/xxd', argv: ['xxd', 'link', '-a'], ok: true, line: real.xxdWrites[0] },
    ]);
    expect(opens(events)).toEqual([
      { path: '/tmp/stt/-a', writes: true, exclusive: false, ok: true, line: real.xxdWrites[1] },
    ]);
  });

  it('takes the file a descriptor is open on: a link read is the file it points to', () => {
    expect(opens(parseTrace(real.linkRead))).toEqual([
      { path: '/tmp/stt/h/sec', writes: false, exclusive: false, ok: true, line: real.linkRead },
    ]);
  });

  it('keeps a failed open, with its path made absolute against the directory descriptor', () => {
    const [open] = opens(parseTrace(real.touch.replace('= 3</tmp/stt/d/a b>', '= -1 ENOENT (No such file)')));
    expect(open).toMatchObject({ path: '/tmp/stt/d/a b', writes: true, ok: false });
    expect(opens(parseTrace(real.ttyFails))).toMatchObject([{ path: '/dev/tty', writes: true, ok: false }]);
    const scratch = parseTrace(
      '11302 openat(AT_FDCWD</tmp/stt>, "/tmp/stt/tmp/tacVr39w9", O_RDWR|O_CREAT|O_EXCL, 0600) = 3</tmp/stt/tmp/tacVr39w9>',
    );
    expect(opens(scratch)).toMatchObject([{ path: '/tmp/stt/tmp/tacVr39w9', writes: true, exclusive: true }]);
  });

  it('reads connections by family and address, IPv4, IPv6 and local sockets', () => {
    const found = connects(parseTrace([real.tcp, real.tcp6, real.nscd].join('\n')));
    expect(found.map(({ family, address }) => ({ family, address }))).toEqual([
      { family: 'AF_INET', address: '127.0.0.1:9' },
      { family: 'AF_INET6', address: '[::1]:80' },
      { family: 'AF_UNIX', address: '/var/run/nscd/socket' },
    ]);
  });

  it('reads changes that open no file: rename, unlink in a directory, mkdir, symlink', () => {
    const found = changes(parseTrace([real.rename, real.unlinkInDir, real.mkdir, real.symlink].join('\n')));
    expect(found.map(({ call, path }) => ({ call, path }))).toEqual([
      { call: 'renameat2', path: '/tmp/stt/d/a b' },
      { call: 'unlinkat', path: '/tmp/stt/d/l' },
      { call: 'mkdir', path: 'd' },
      { call: 'symlinkat', path: '/tmp/stt/d/l' },
    ]);
  });

  it('keeps a failed program run (a PATH search) as not run', () => {
    expect(execs(parseTrace(real.searchPath.join('\n')))).toMatchObject([
      { path: '/root/.cargo/bin/bash', ok: false },
    ]);
  });

  it('joins calls that other processes interrupted, and decodes bytes as UTF-8', () => {
    const events = parseTrace(real.interleaved.join('\n'));
    expect(execs(events).map(({ path, argv }) => ({ path, argv }))).toEqual([
      { path: '/usr/bin/cat', argv: ['cat', 'é'] },
      { path: '/usr/bin/sleep', argv: ['sleep', '0.01'] },
    ]);
    expect(opens(events).map(({ path, ok }) => ({ path, ok }))).toEqual([
      { path: '/tmp/stt/é', ok: true },
      { path: '/usr/lib/locale/C.UTF-8/LC_NUMERIC', ok: false },
    ]);
    // A call still unfinished when the trace ends (wait4) is no event.
    expect(events.some((event) => event.call === 'wait4')).toBe(false);
  });

  it('splits arguments at top-level commas only', () => {
    expect(splitArgs('AT_FDCWD</a, b>, "x, \\"y", O_RDONLY')).toEqual([
      'AT_FDCWD</a, b>',
      '"x, \\"y"',
      'O_RDONLY',
    ]);
    expect(splitArgs('3, {sa_family=AF_INET, sin_port=htons(9)}, 16')).toEqual([
      '3',
      '{sa_family=AF_INET, sin_port=htons(9)}',
      '16',
    ]);
  });

  it('ignores what is no call: signals, exits, noise', () => {
    const text = [
      '9304  --- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=9311} ---',
      '9304  +++ exited with 0 +++',
      'strace: Process 9305 attached',
      '',
    ].join('\n');
    expect(parseTrace(text)).toEqual([]);
  });
});
