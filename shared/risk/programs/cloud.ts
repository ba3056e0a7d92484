import { hasFlag, operands, optionValues } from '../args.ts';
import type { ProgramRater, SegmentContext } from '../context.ts';

/**
 * Command-line clients of external systems (GitHub, clusters, clouds, hosting). Looking is
 * medium (network); anything that changes the external system is high; deleting there is
 * also destructive. A verb the tables do not know counts as a change — fail closed.
 */

const looks = (ctx: SegmentContext) =>
  ctx.rating.raise('medium', 'Reads from an external service.', 'network');
const changes = (ctx: SegmentContext) =>
  ctx.rating.raise('high', 'Changes an external system.', 'external_system', 'network');
const deletes = (ctx: SegmentContext) =>
  ctx.rating.raise(
    'high',
    'Deletes something in an external system.',
    'external_system',
    'destructive',
    'network',
  );

const readVerbs = new Set([
  'list',
  'ls',
  'view',
  'show',
  'status',
  'get',
  'describe',
  'logs',
  'log',
  'diff',
  'checks',
  'search',
  'top',
  'explain',
  'version',
  '--version',
  'help',
  '--help',
  'info',
  'whoami',
  'inspect',
  'plan',
  'validate',
  'fmt',
  'output',
  'preview',
  'graph',
  'init',
  'template',
  'lint',
  'synth',
  'api-resources',
  'cluster-info',
  'can-i',
  'browse',
  'images',
  'ps',
  'history',
  'events',
  // Fetching a copy to the local machine changes nothing remote.
  'clone',
  'checkout',
  'download',
]);
const deleteVerbs = /^(?:delete|destroy|remove|rm|rmi|uninstall|purge|drain|terminate|prune|rb)$/;

/** Tools whose verbs are the operands: `gh pr create`, `kubectl -n x apply`, `gcloud compute instances delete`. */
const verbTool =
  (valueOptions: readonly string[], depth: number): ProgramRater =>
  (args, ctx) => {
    const words = operands(args, valueOptions).slice(0, depth);
    if (words.some((word) => deleteVerbs.test(word))) return deletes(ctx);
    if (words.some((word) => readVerbs.has(word) || /^(?:list|describe|get)-/.test(word))) return looks(ctx);
    if (words.length === 0) return looks(ctx);
    changes(ctx);
  };

/** gh and glab; `gh api` mutates when it sends fields or names a method other than GET. */
const gh: ProgramRater = (args, ctx) => {
  const words = operands(args, [
    '-R',
    '--repo',
    '-X',
    '--method',
    '-f',
    '-F',
    '--field',
    '--raw-field',
    '-H',
  ]);
  if (words[0] === 'auth' && words[1] === 'token') {
    ctx.rating.raise('medium', 'Prints an access token.', 'secret_exposure');
    return;
  }
  if (words[0] === 'api') {
    const method = optionValues(args, ['-X'], ['--method'])[0]?.toUpperCase();
    const fields = optionValues(args, ['-f', '-F'], ['--field', '--raw-field', '--input']).length > 0;
    if (method === 'DELETE') return deletes(ctx);
    if ((method !== undefined && method !== 'GET') || fields) return changes(ctx);
    return looks(ctx);
  }
  verbTool(['-R', '--repo', '-b', '--body', '-t', '--title', '-m', '--message'], 3)(args, ctx);
};

/** aws: `aws s3 cp local s3://…` uploads; other services use describe-/list-/get- for reads. */
const aws: ProgramRater = (args, ctx) => {
  const words = operands(args, ['--profile', '--region', '--output', '--query', '--endpoint-url']);
  const [service, operation = ''] = words;
  if (service === 's3') {
    if (operation === 'ls') return looks(ctx);
    if (operation === 'rm' || operation === 'rb') return deletes(ctx);
    const targets = words.slice(2);
    const destination = targets[targets.length - 1] ?? '';
    if (destination.startsWith('s3://')) {
      if (targets.slice(0, -1).some((source) => !source.startsWith('s3://'))) {
        ctx.rating.raise('high', 'Uploads local files to cloud storage.', 'exfiltration', 'external_system');
      }
      if (hasFlag(args, '', ['--delete'])) deletes(ctx);
      return changes(ctx);
    }
    return looks(ctx);
  }
  if (
    /(?:get-secret-value|get-parameters?$|get-session-token|assume-role|get-login-password|create-access-key)/.test(
      operation,
    )
  ) {
    ctx.rating.raise('high', 'Fetches credentials.', 'secret_exposure', 'network');
    return;
  }
  if (
    /^(?:describe|list|get|head|batch-get|query|scan|show|lookup|search|wait)/.test(operation) ||
    service === 'sts'
  ) {
    return looks(ctx);
  }
  if (/^(?:delete|terminate|remove|deregister|purge|revoke)/.test(operation)) {
    return deletes(ctx);
  }
  if (service === undefined || service === 'help' || service === '--version') return looks(ctx);
  changes(ctx);
};

/** docker and compatibles: push publishes; privileged or host-mounting containers own the host. */
const docker: ProgramRater = (args, ctx) => {
  const words = operands(args, ['-H', '--host', '--context', '-c', '--config', '--log-level']);
  const groups = ['compose', 'container', 'image', 'system', 'volume', 'network', 'builder', 'buildx'];
  const verb = groups.includes(words[0] ?? '') ? words[1] : words[0];
  if (verb === 'push') return changes(ctx);
  if (verb === 'run' || verb === 'create' || verb === 'exec' || verb === 'up') {
    const volumes = optionValues(args, ['-v'], ['--volume', '--mount']);
    const privileged =
      hasFlag(args, '', ['--privileged', '--cap-add', '--security-opt']) ||
      args.some((arg) => /^--(?:pid|ipc|userns|uts)=host$/.test(arg)) ||
      volumes.some((volume) =>
        /^(?:\/|\/var\/run\/docker\.sock|\/etc|\/root|~)(?::|$)|source=\/(?:,|$)/.test(volume),
      );
    if (privileged)
      ctx.rating.raise('high', 'Gives a container control of the host.', 'privilege_escalation');
    ctx.rating.raise('medium', 'Runs a container.', 'code_execution');
    return;
  }
  if (verb !== undefined && deleteVerbs.test(verb)) {
    ctx.rating.raise('medium', 'Deletes containers, images or volumes.', 'destructive');
    return;
  }
  if (verb === 'build' || verb === 'pull' || verb === 'login' || verb === 'down') {
    ctx.rating.raise('medium', 'Builds or fetches images.', 'network');
    return;
  }
  if (verb === undefined || readVerbs.has(verb)) {
    ctx.rating.raise('low', 'Inspects containers.');
    return;
  }
  ctx.rating.raise('medium', 'Runs a container command.');
};

/** Hosting CLIs where a bare invocation (or most verbs) deploys: `vercel`, `netlify deploy`, `fly deploy`. */
const deployTool =
  (readOnly: readonly string[], bareDeploys: boolean): ProgramRater =>
  (args, ctx) => {
    const words = operands(args, [
      '--token',
      '--scope',
      '--cwd',
      '-a',
      '--app',
      '--config',
      '-c',
      '--env',
      '-e',
    ]);
    const verb = words[0];
    if (verb === undefined) return bareDeploys ? changes(ctx) : looks(ctx);
    if (deleteVerbs.test(verb) || words.slice(1, 3).some((word) => deleteVerbs.test(word)))
      return deletes(ctx);
    if (readOnly.includes(verb) || readVerbs.has(verb)) return looks(ctx);
    changes(ctx);
  };

const kubectlValueOptions = [
  '-n',
  '--namespace',
  '--context',
  '--kubeconfig',
  '-l',
  '--selector',
  '-o',
  '--output',
  '-f',
  '--filename',
  '-c',
  '--container',
];

const devServer = ['dev', 'types', 'whoami', 'login', 'tail', 'build', 'docs', 'serve', 'emulators:start'];

export const cloudRaters: Record<string, ProgramRater> = {
  gh,
  glab: gh,
  hub: gh,
  kubectl: verbTool(kubectlValueOptions, 2),
  oc: verbTool(kubectlValueOptions, 2),
  helm: verbTool(['-n', '--namespace', '--kube-context', '-f', '--values', '--set', '--version'], 1),
  terraform: verbTool(['-chdir', '-var', '-var-file', '-target'], 2),
  tofu: verbTool(['-chdir', '-var', '-var-file', '-target'], 2),
  terragrunt: verbTool(['--terragrunt-working-dir'], 2),
  pulumi: verbTool(['-s', '--stack', '-C', '--cwd'], 2),
  gcloud: verbTool(['--project', '--region', '--zone', '--format', '--account', '--configuration'], 4),
  az: verbTool(['-g', '--resource-group', '--subscription', '-o', '--output', '-n', '--name'], 4),
  aws,
  docker,
  podman: docker,
  nerdctl: docker,
  wrangler: deployTool(devServer, false),
  vercel: deployTool([...devServer, 'env', 'pull', 'link', 'inspect'], true),
  netlify: deployTool([...devServer, 'link', 'open'], false),
  fly: deployTool(devServer, false),
  flyctl: deployTool(devServer, false),
  firebase: deployTool(devServer, false),
  heroku: deployTool(devServer, false),
  railway: deployTool(devServer, false),
  serverless: deployTool([...devServer, 'package', 'print', 'invoke'], false),
  sls: deployTool([...devServer, 'package', 'print', 'invoke'], false),
  cdk: deployTool([...devServer, 'synth', 'diff', 'ls', 'doctor', 'bootstrap'], false),
  sam: deployTool([...devServer, 'validate', 'local'], false),
  'ansible-playbook': (_args, ctx) => changes(ctx),
  ansible: (_args, ctx) => changes(ctx),
};
