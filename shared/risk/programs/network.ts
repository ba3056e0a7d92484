import type { ParsedProgram } from '../../programs/index.ts';
import type { ProgramRater, SegmentContext } from '../context.ts';
import { rateWrite } from '../effects.ts';
import { catalogRater, has, texts, unreadable, values } from './parsed.ts';

/**
 * Programs that reach the network: medium at least; sending local files away is exfiltration.
 * Each reads the catalog's parse of its words (shared/programs/network.ts).
 */

const reachesNetwork = (ctx: SegmentContext, note = 'Reaches the network.') =>
  ctx.rating.raise('medium', note, 'network');

const sendsFile = (ctx: SegmentContext) =>
  ctx.rating.raise('high', 'Sends local files over the network.', 'exfiltration', 'network');

const sendsData = (ctx: SegmentContext) =>
  ctx.rating.raise('medium', 'Sends data to a server, which may change it.', 'network', 'external_system');

/** The name a download is saved under without `-O NAME`: the URL's last path segment. */
const savedName = (url: string): string | undefined =>
  url
    .replace(/[?#].*$/, '')
    .split('/')
    .pop() || undefined;

/**
 * A downloader whose words cannot be read: it may send any file away and save anywhere, so it
 * is high, and every word may be the file saved (`curl --frob -o x; sh x` stays critical).
 */
function unreadDownload(words: readonly string[], ctx: SegmentContext): void {
  reachesNetwork(ctx, 'Downloads from the network.');
  unreadable('high', 'exfiltration', 'network')(words, ctx);
  for (const word of words) if (!word.startsWith('-')) ctx.pipeline.downloadedFiles.push(word);
  ctx.pipeline.downloads++;
}

const saves = (file: string, ctx: SegmentContext) => {
  rateWrite(ctx.rating, file, ctx.where);
  ctx.pipeline.downloadedFiles.push(file);
};

/** curl: a download, unless it uploads (`-T`, `-d @file`, `-F x=@file`: exfiltration). */
const curl = catalogRater('curl', {
  rate(parsed, ctx) {
    reachesNetwork(ctx, 'Downloads from the network.');
    const data = values(parsed, 'd', 'data', 'data-binary', 'data-ascii', 'json');
    const encoded = values(parsed, 'data-urlencode');
    const forms = values(parsed, 'F', 'form');
    const fileData =
      data.some((value) => value.startsWith('@')) ||
      encoded.some((value) => /^[^=]*@/.test(value)) ||
      forms.some((value) => /=[@<]/.test(value)) ||
      has(parsed, 'T', 'upload-file');
    if (fileData) sendsFile(ctx);
    const sent =
      data.length + encoded.length + forms.length + values(parsed, 'data-raw', 'form-string').length;
    const method = values(parsed, 'X', 'request').map((value) => value.toUpperCase());
    if (sent > 0 || method.some((value) => value !== 'GET' && value !== 'HEAD')) sendsData(ctx);
    if (has(parsed, 'K', 'config')) {
      ctx.rating.raise('medium', 'Reads curl options from a file the rater cannot see.', 'network');
    }
    for (const file of values(parsed, 'o', 'output')) if (file !== '-') saves(file, ctx);
    for (const file of values(
      parsed,
      'D',
      'dump-header',
      'c',
      'cookie-jar',
      'etag-save',
      'libcurl',
      'stderr',
      'trace',
      'trace-ascii',
    ))
      if (file !== '-') rateWrite(ctx.rating, file, ctx.where);
    for (const dir of values(parsed, 'output-dir')) rateWrite(ctx.rating, dir, ctx.where);
    if (has(parsed, 'O', 'remote-name', 'remote-name-all')) {
      // `-O` saves under the URL's last path segment, in the working directory (or `--output-dir`).
      for (const url of [...texts(parsed), ...values(parsed, 'url')]) {
        const name = savedName(url);
        if (name !== undefined) ctx.pipeline.downloadedFiles.push(name);
      }
      rateWrite(ctx.rating, '.', ctx.where);
    }
    ctx.pipeline.downloads++;
  },
  unsure: unreadDownload,
});

/** wget: a download; `--post-file`/`--body-file` send a file away; `-e` runs wgetrc commands. */
const wget = catalogRater('wget', {
  rate(parsed, ctx) {
    reachesNetwork(ctx, 'Downloads from the network.');
    if (has(parsed, 'post-file', 'body-file')) sendsFile(ctx);
    const methods = values(parsed, 'method').map((value) => value.toUpperCase());
    if (has(parsed, 'post-data', 'body-data') || methods.some((method) => method !== 'GET')) sendsData(ctx);
    if (has(parsed, 'e', 'execute', 'config')) {
      // `-e output_document=~/.bashrc`: a wgetrc command may save anywhere.
      ctx.rating.raise('high', 'Runs wgetrc commands that may save anywhere.', 'network');
    }
    const named = values(parsed, 'O', 'output-document');
    if (named.length === 0) {
      // Without `-O`, wget saves under the URL's last path segment.
      for (const url of texts(parsed)) {
        const name = savedName(url);
        if (name !== undefined) ctx.pipeline.downloadedFiles.push(name);
      }
    }
    for (const file of [...named, ...values(parsed, 'P', 'directory-prefix')])
      if (file !== '-') saves(file, ctx);
    for (const file of values(
      parsed,
      'o',
      'output-file',
      'a',
      'append-output',
      'save-cookies',
      'rejected-log',
      'hsts-file',
    ))
      if (file !== '-') rateWrite(ctx.rating, file, ctx.where);
    ctx.pipeline.downloads++;
  },
  unsure: unreadDownload,
});

/** aria2c: a download into `-d DIR` under `-o NAME`; its hooks run programs. */
const aria2c = catalogRater('aria2c', {
  rate(parsed, ctx) {
    reachesNetwork(ctx, 'Downloads from the network.');
    if (parsed.options.some((option) => option.name.startsWith('on-') || option.name === 'conf-path')) {
      ctx.rating.raise('medium', 'Runs a program named in its options.', 'code_execution');
    }
    const dirs = values(parsed, 'd', 'dir');
    const names = values(parsed, 'o', 'out');
    for (const file of [...dirs, ...names, ...values(parsed, 'l', 'log')]) if (file !== '-') saves(file, ctx);
    if (names.length === 0)
      for (const url of texts(parsed)) {
        const name = savedName(url);
        if (name !== undefined) ctx.pipeline.downloadedFiles.push(name);
      }
    ctx.pipeline.downloads++;
  },
  unsure: unreadDownload,
});

/** HTTPie and xh: `http POST url field=value`, `@file` fields upload files. */
const httpie = (name: string): ProgramRater =>
  catalogRater(name, {
    rate(parsed, ctx) {
      reachesNetwork(ctx, 'Downloads from the network.');
      const words = texts(parsed);
      if (words.some((word) => /^[^=@:]*(?:=|:=)?@/.test(word) && word.includes('@'))) sendsFile(ctx);
      if (words[0] !== undefined && /^(?:POST|PUT|PATCH|DELETE)$/i.test(words[0])) sendsData(ctx);
      for (const file of values(parsed, 'o', 'output', 'session')) rateWrite(ctx.rating, file, ctx.where);
      ctx.pipeline.downloads++;
    },
    unsure: unreadDownload,
  });

/** `host:path`, `user@host:path`, `rsync://…`, `host::module`: a place on another machine. */
const isRemote = (word: string) =>
  /^(?:[a-z]+:\/\/|[^/\s]*[^/\s\\]:)/i.test(word) && !/^[A-Za-z]:[\\/]/.test(word);

const deleteOptions = [
  'delete',
  'delete-before',
  'delete-during',
  'delete-delay',
  'delete-after',
  'delete-excluded',
];

/** scp and rsync: copying to another machine is exfiltration; copying from one is a download. */
function copyAcross(parsed: ParsedProgram, ctx: SegmentContext): void {
  // `rsync -e ./x`, `--rsync-path=…`, `scp -S ./x`: the program that carries the copy is run.
  for (const program of values(parsed, 'e', 'rsh', 'rsync-path', 'S')) {
    ctx.rating.raise('medium', 'Runs a program named in its options to carry the copy.', 'code_execution');
    ctx.rateNested(program);
  }
  rateSshOptions(parsed, ctx);
  for (const file of values(parsed, 'log-file', 'write-batch', 'only-write-batch'))
    rateWrite(ctx.rating, file, ctx.where);
  const words = texts(parsed);
  const destination = words[words.length - 1];
  const sources = words.slice(0, -1);
  if (destination === undefined) return;
  const deletes = has(parsed, ...deleteOptions);
  if (isRemote(destination)) {
    if (sources.some((source) => !isRemote(source))) sendsFile(ctx);
    else reachesNetwork(ctx, 'Copies between other machines.');
    if (deletes)
      ctx.rating.raise('high', 'Deletes files on another machine.', 'destructive', 'external_system');
    return;
  }
  if (sources.some(isRemote)) reachesNetwork(ctx, 'Copies files from another machine.');
  rateWrite(ctx.rating, destination, ctx.where);
  if (deletes) ctx.rating.raise('medium', 'Deletes files that are not in the source.', 'destructive');
  if (has(parsed, 'remove-source-files'))
    ctx.rating.raise('medium', 'Deletes the files it copies.', 'destructive');
}

/** A copy whose words cannot be read: it may send anything anywhere, and run a program to do it. */
const unreadCopy = unreadable('high', 'exfiltration', 'network', 'code_execution');

/** `-o ProxyCommand=…`, `LocalCommand`, `KnownHostsCommand`: ssh runs these here. */
function rateSshOptions(parsed: ParsedProgram, ctx: SegmentContext): void {
  for (const setting of values(parsed, 'o')) {
    const command = /^\s*(?:ProxyCommand|LocalCommand|KnownHostsCommand)\s*[=\s]\s*(.*)$/is.exec(setting);
    if (command === null) continue;
    ctx.rating.raise('medium', 'Sets an ssh option whose value runs a command here.', 'code_execution');
    ctx.rateNested(command[1]!);
  }
  if (has(parsed, 'F')) {
    ctx.rating.raise('medium', 'Reads ssh settings from a file the rater cannot see.', 'network');
  }
}

/** ssh: a login reaches the network; a remote command runs code on another machine. */
const ssh = (name: string): ProgramRater =>
  catalogRater(name, {
    rate(parsed, ctx) {
      reachesNetwork(ctx, 'Connects to another machine.');
      rateSshOptions(parsed, ctx);
      for (const program of values(parsed, 'client', 'server', 'ssh')) {
        ctx.rating.raise('medium', 'Runs a program named in its options to connect.', 'code_execution');
        ctx.rateNested(program);
      }
      const remoteCommand = parsed.wrapped?.argv.join(' ') ?? '';
      if (remoteCommand !== '') {
        ctx.rating.raise('high', 'Runs a command on another machine.', 'external_system', 'code_execution');
        ctx.rateNested(remoteCommand, 'remote');
      }
    },
    unsure: (words, ctx) => {
      reachesNetwork(ctx, 'Connects to another machine.');
      unreadable('high', 'external_system', 'code_execution')(words, ctx);
    },
  });

const servesShell = (ctx: SegmentContext) =>
  ctx.rating.raise(
    'critical',
    'Serves a shell over the network.',
    'code_execution',
    'exfiltration',
    'network',
  );

const rawConnection = (ctx: SegmentContext) =>
  ctx.rating.raise(
    'high',
    'Opens a raw network connection that can carry data away.',
    'exfiltration',
    'network',
  );

/**
 * Raw sockets. With a program to run (`-e`, `-c`, `--sh-exec`, socat's `EXEC:`) they serve a
 * shell to whoever connects: a reverse shell. Unread words may be that program: critical.
 */
const rawSocket = (name: string, runs: readonly string[]): ProgramRater =>
  catalogRater(name, {
    rate(parsed, ctx) {
      const addressRuns = texts(parsed).some((word) => /^(?:EXEC|SYSTEM)[:,]/i.test(word));
      if (has(parsed, ...runs) || addressRuns) return servesShell(ctx);
      rawConnection(ctx);
      for (const file of values(parsed, 'o', 'output', 'x', 'hex-dump'))
        rateWrite(ctx.rating, file, ctx.where);
    },
    unsure: unreadable('critical', 'code_execution', 'exfiltration', 'network'),
  });

/** A program rated the same whatever its words; they are still read with its entry. */
const whatever = (name: string, rate: (ctx: SegmentContext) => void): ProgramRater =>
  catalogRater(name, { rate: (_parsed, ctx) => rate(ctx), unsure: (_words, ctx) => rate(ctx) });

const lookup = (name: string) => whatever(name, (ctx) => reachesNetwork(ctx));

export const networkRaters: Record<string, ProgramRater> = {
  curl,
  wget,
  http: httpie('http'),
  https: httpie('https'),
  xh: httpie('xh'),
  xhs: httpie('xhs'),
  aria2c,
  scp: catalogRater('scp', { rate: copyAcross, unsure: unreadCopy }),
  rsync: catalogRater('rsync', { rate: copyAcross, unsure: unreadCopy }),
  sftp: lookup('sftp'),
  ftp: lookup('ftp'),
  ssh: ssh('ssh'),
  mosh: ssh('mosh'),
  nc: rawSocket('nc', ['e', 'c']),
  netcat: rawSocket('netcat', ['e', 'c']),
  ncat: rawSocket('ncat', ['e', 'c', 'exec', 'sh-exec', 'lua-exec']),
  socat: rawSocket('socat', []),
  telnet: whatever('telnet', rawConnection),
  ping: lookup('ping'),
  ping6: lookup('ping6'),
  dig: lookup('dig'),
  nslookup: lookup('nslookup'),
  host: lookup('host'),
  traceroute: lookup('traceroute'),
  whois: lookup('whois'),
};
