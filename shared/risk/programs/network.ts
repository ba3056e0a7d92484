import { hasFlag, operands, optionValues } from '../args.ts';
import type { ProgramRater, SegmentContext } from '../context.ts';
import { rateWrite } from '../effects.ts';

/** Programs that reach the network: medium at least; sending local files away is exfiltration. */

const reachesNetwork = (ctx: SegmentContext, note = 'Reaches the network.') =>
  ctx.rating.raise('medium', note, 'network');

const sendsFile = (ctx: SegmentContext) =>
  ctx.rating.raise('high', 'Sends local files over the network.', 'exfiltration', 'network');

const sendsData = (ctx: SegmentContext) =>
  ctx.rating.raise('medium', 'Sends data to a server, which may change it.', 'network', 'external_system');

const curlDataOptions = ['-d', '--data', '--data-binary', '--data-ascii', '--data-urlencode', '--json'];
const curlValueOptions = [
  ...curlDataOptions,
  '--data-raw',
  '-F',
  '--form',
  '-T',
  '--upload-file',
  '-o',
  '--output',
  '-X',
  '--request',
  '-H',
  '--header',
  '-u',
  '--user',
  '-K',
  '--config',
  '-e',
  '--referer',
  '-A',
  '--user-agent',
  '-b',
  '--cookie',
  '-c',
  '--cookie-jar',
  '--connect-timeout',
  '-m',
  '--max-time',
  '-w',
  '--write-out',
  '-x',
  '--proxy',
  '--retry',
  '--output-dir',
];

/** curl: a download, unless it uploads (`-T`, `-d @file`, `-F x=@file`: exfiltration). */
const curl: ProgramRater = (args, ctx) => {
  reachesNetwork(ctx, 'Downloads from the network.');
  const data = optionValues(args, curlDataOptions, curlDataOptions);
  const forms = optionValues(args, ['-F'], ['--form']);
  const uploads = optionValues(args, ['-T'], ['--upload-file']);
  const encoded = optionValues(args, [], ['--data-urlencode']);
  const fileData =
    data.some((value) => /(?:^|=)@/.test(value)) ||
    encoded.some((value) => /^[^=]*@/.test(value)) ||
    forms.some((value) => /=[@<]/.test(value)) ||
    uploads.length > 0;
  if (fileData) sendsFile(ctx);
  const method = optionValues(args, ['-X'], ['--request']).map((value) => value.toUpperCase());
  const raw = optionValues(args, ['--data-raw'], ['--data-raw']);
  if (
    data.length + raw.length + forms.length > 0 ||
    method.some((value) => value !== 'GET' && value !== 'HEAD')
  ) {
    sendsData(ctx);
  }
  if (optionValues(args, ['-K'], ['--config']).length > 0) {
    ctx.rating.raise('medium', 'Reads curl options from a file the rater cannot see.', 'network');
  }
  const outputs = optionValues(args, ['-o'], ['--output']).filter((file) => file !== '-');
  for (const file of outputs) {
    rateWrite(ctx.rating, file, ctx.where);
    ctx.pipeline.downloadedFiles.push(file);
  }
  for (const dir of optionValues(args, [], ['--output-dir'])) rateWrite(ctx.rating, dir, ctx.where);
  if (hasFlag(args, 'O', ['--remote-name', '--remote-name-all'])) {
    // `-O` saves under the URL's last path segment, in the working directory.
    for (const url of operands(args, curlValueOptions)) {
      const name = url
        .replace(/[?#].*$/, '')
        .split('/')
        .pop();
      if (name) ctx.pipeline.downloadedFiles.push(name);
    }
    rateWrite(ctx.rating, '.', ctx.where);
  }
  ctx.pipeline.downloads++;
};

/** wget: a download; `--post-file`/`--body-file` send a file away. */
const wget: ProgramRater = (args, ctx) => {
  reachesNetwork(ctx, 'Downloads from the network.');
  if (optionValues(args, [], ['--post-file', '--body-file']).length > 0) sendsFile(ctx);
  const methods = optionValues(args, [], ['--method']).map((value) => value.toUpperCase());
  if (optionValues(args, [], ['--post-data', '--body-data']).length > 0 || methods.some((m) => m !== 'GET')) {
    sendsData(ctx);
  }
  const named = optionValues(args, ['-O'], ['--output-document']);
  if (named.length === 0) {
    // Without `-O`, wget saves under the URL's last path segment.
    for (const url of operands(args, ['-O', '-o', '-P', '-e', '--output-document', '--directory-prefix'])) {
      const name = url
        .replace(/[?#].*$/, '')
        .split('/')
        .pop();
      if (name) ctx.pipeline.downloadedFiles.push(name);
    }
  }
  for (const file of optionValues(args, ['-O', '-o', '-P'], ['--output-document', '--directory-prefix'])) {
    if (file === '-') continue;
    rateWrite(ctx.rating, file, ctx.where);
    ctx.pipeline.downloadedFiles.push(file);
  }
  ctx.pipeline.downloads++;
};

/** HTTPie and xh: `http POST url field=value`, `@file` fields upload files. */
const httpie: ProgramRater = (args, ctx) => {
  reachesNetwork(ctx, 'Downloads from the network.');
  const words = operands(args);
  if (words.some((word) => /^[^=@:]*(?:=|:=)?@/.test(word) && word.includes('@'))) sendsFile(ctx);
  if (words[0] && /^(?:POST|PUT|PATCH|DELETE)$/i.test(words[0])) sendsData(ctx);
  ctx.pipeline.downloads++;
};

/** `host:path`, `user@host:path`, `rsync://…`, `host::module`: a place on another machine. */
const isRemote = (word: string) =>
  /^(?:[a-z]+:\/\/|[^/\s]*[^/\s\\]:)/i.test(word) && !/^[A-Za-z]:[\\/]/.test(word);

/** scp and rsync: copying to another machine is exfiltration; copying from one is a download. */
const copyAcross =
  (valueOptions: readonly string[]): ProgramRater =>
  (args, ctx) => {
    // `rsync -e ./x`, `--rsync-path=…`, `scp -S ./x`: the program that carries the copy is run.
    for (const program of optionValues(args, ['-e', '-S'], ['--rsh', '--rsync-path'])) {
      ctx.rating.raise('medium', 'Runs a program named in its options to carry the copy.', 'code_execution');
      ctx.rateNested(program);
    }
    const words = operands(args, valueOptions);
    const destination = words[words.length - 1];
    const sources = words.slice(0, -1);
    if (destination === undefined) return;
    if (isRemote(destination)) {
      if (sources.some((source) => !isRemote(source))) sendsFile(ctx);
      else reachesNetwork(ctx, 'Copies between other machines.');
      if (hasFlag(args, '', ['--delete', '--delete-after', '--delete-before', '--delete-during'])) {
        ctx.rating.raise('high', 'Deletes files on another machine.', 'destructive', 'external_system');
      }
      return;
    }
    if (sources.some(isRemote)) reachesNetwork(ctx, 'Copies files from another machine.');
    rateWrite(ctx.rating, destination, ctx.where);
    if (hasFlag(args, '', ['--delete', '--delete-after', '--delete-before', '--delete-during'])) {
      ctx.rating.raise('medium', 'Deletes files that are not in the source.', 'destructive');
    }
  };

const sshValueOptions = [
  '-B',
  '-b',
  '-c',
  '-D',
  '-E',
  '-e',
  '-F',
  '-I',
  '-i',
  '-J',
  '-L',
  '-l',
  '-m',
  '-O',
  '-o',
  '-p',
  '-Q',
  '-R',
  '-S',
  '-W',
  '-w',
];

/** ssh: a login reaches the network; a remote command runs code on another machine. */
const ssh: ProgramRater = (args, ctx) => {
  reachesNetwork(ctx, 'Connects to another machine.');
  const words = operands(args, sshValueOptions);
  const remoteCommand = words.slice(1).join(' ');
  if (remoteCommand !== '') {
    ctx.rating.raise('high', 'Runs a command on another machine.', 'external_system', 'code_execution');
    ctx.rateNested(remoteCommand, 'remote');
  }
};

/** Raw sockets. With `-e`/`-c` they serve a shell to whoever connects: a reverse shell. */
const rawSocket: ProgramRater = (args, ctx) => {
  const servesShell =
    hasFlag(args, 'ec', ['--exec', '--sh-exec', '--lua-exec']) ||
    args.some((arg) => /^(?:EXEC|SYSTEM):/i.test(arg));
  if (servesShell) {
    ctx.rating.raise(
      'critical',
      'Serves a shell over the network.',
      'code_execution',
      'exfiltration',
      'network',
    );
    return;
  }
  ctx.rating.raise(
    'high',
    'Opens a raw network connection that can carry data away.',
    'exfiltration',
    'network',
  );
};

const lookup: ProgramRater = (_args, ctx) => reachesNetwork(ctx);

export const networkRaters: Record<string, ProgramRater> = {
  curl,
  wget,
  http: httpie,
  https: httpie,
  xh: httpie,
  xhs: httpie,
  aria2c: wget,
  scp: copyAcross(['-c', '-F', '-i', '-J', '-l', '-o', '-P', '-S']),
  rsync: copyAcross([
    '-e',
    '--rsh',
    '--rsync-path',
    '--exclude',
    '--include',
    '--filter',
    '-f',
    '--port',
    '--password-file',
  ]),
  sftp: lookup,
  ftp: lookup,
  ssh,
  mosh: ssh,
  nc: rawSocket,
  ncat: rawSocket,
  netcat: rawSocket,
  socat: rawSocket,
  telnet: (_args, ctx) =>
    ctx.rating.raise(
      'high',
      'Opens a raw network connection that can carry data away.',
      'exfiltration',
      'network',
    ),
  ping: lookup,
  ping6: lookup,
  dig: lookup,
  nslookup: lookup,
  host: lookup,
  traceroute: lookup,
  whois: lookup,
};
