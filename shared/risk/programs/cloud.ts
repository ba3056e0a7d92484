import { AWS_S3, CONTAINER_RUN } from '../../programs/cloud.ts';
import { parseArguments } from '../../programs/index.ts';
import type { ProgramRater, SegmentContext } from '../context.ts';
import { catalogRater, has, texts, unreadable, values } from './parsed.ts';

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

/** A client whose words cannot be read: it may change or delete anything there. */
const unreadClient = unreadable('high', 'external_system', 'destructive', 'network');

/** What a client's verbs (its first operands) do: deletes, looks, or changes (fail closed). */
function rateVerbs(words: readonly string[], ctx: SegmentContext) {
  if (words.some((word) => deleteVerbs.test(word))) return deletes(ctx);
  if (words.some((word) => readVerbs.has(word) || /^(?:list|describe|get)-/.test(word))) return looks(ctx);
  if (words.length === 0) return looks(ctx);
  changes(ctx);
}

/** Tools whose verbs are the operands: `gh pr create`, `kubectl -n x apply`, `gcloud compute instances delete`. */
const verbTool = (name: string, depth: number): ProgramRater =>
  catalogRater(name, {
    rate: (parsed, ctx) => rateVerbs(texts(parsed).slice(0, depth), ctx),
    unsure: unreadClient,
  });

/** `kubectl exec POD -- CMD`: a command run in the cluster, rated at least as itself. */
const kubectl = (name: string): ProgramRater =>
  catalogRater(name, {
    rate(parsed, ctx) {
      const words = texts(parsed);
      rateVerbs(words.slice(0, 2), ctx);
      if (words[0] === 'exec' && parsed.dashDash === true) runsInside(words.slice(2), ctx);
    },
    unsure: unreadClient,
  });

/** A command run elsewhere (a container, a pod): never a read here, and rated at least as itself. */
function runsInside(argv: readonly string[], ctx: SegmentContext): void {
  if (argv.length === 0) return;
  ctx.rating.raise('medium', 'Runs a command in a container or a pod.', 'code_execution');
  ctx.rateArgv(argv);
}

/** gh and glab; `gh api` mutates when it sends fields or names a method other than GET. */
const gh = (name: string): ProgramRater =>
  catalogRater(name, {
    rate(parsed, ctx) {
      const words = texts(parsed);
      if (words[0] === 'auth' && words[1] === 'token') {
        ctx.rating.raise('medium', 'Prints an access token.', 'secret_exposure');
        return;
      }
      if (words[0] === 'api') {
        const method = values(parsed, 'X', 'method')[0]?.toUpperCase();
        const fields = has(parsed, 'f', 'F', 'field', 'raw-field', 'input');
        if (method === 'DELETE') return deletes(ctx);
        if ((method !== undefined && method !== 'GET') || fields) return changes(ctx);
        return looks(ctx);
      }
      rateVerbs(words.slice(0, 3), ctx);
    },
    unsure: unreadClient,
  });

/** aws: `aws s3 cp local s3://…` uploads; other services use describe-/list-/get- for reads. */
const aws = catalogRater('aws', {
  rate(parsed, ctx) {
    const [service, operation = '', ...rest] = texts(parsed);
    if (service === 's3') return awsS3(operation, rest, ctx);
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
    if (/^(?:delete|terminate|remove|deregister|purge|revoke)/.test(operation)) return deletes(ctx);
    if (service === undefined || service === 'help') return looks(ctx);
    changes(ctx);
  },
  unsure: unreadClient,
});

function awsS3(operation: string, rest: readonly string[], ctx: SegmentContext) {
  if (operation === 'ls') return looks(ctx);
  if (operation === 'rm' || operation === 'rb') return deletes(ctx);
  const parsed = parseArguments(
    AWS_S3,
    'aws s3',
    rest.map((text, at) => ({ text, glob: false, dynamic: false, index: at + 1 })),
  );
  if (parsed.kind === 'unsure') {
    ctx.rating.raise('high', 'Uploads local files to cloud storage.', 'exfiltration', 'external_system');
    return unreadClient(rest, ctx);
  }
  const targets = texts(parsed);
  const destination = targets[targets.length - 1] ?? '';
  if (destination.startsWith('s3://')) {
    if (targets.slice(0, -1).some((source) => !source.startsWith('s3://'))) {
      ctx.rating.raise('high', 'Uploads local files to cloud storage.', 'exfiltration', 'external_system');
    }
    if (has(parsed, 'delete')) deletes(ctx);
    return changes(ctx);
  }
  looks(ctx);
}

const GROUPS = ['compose', 'container', 'image', 'system', 'volume', 'network', 'builder', 'buildx'];

/** docker and compatibles: push publishes; privileged or host-mounting containers own the host. */
const docker = (name: string): ProgramRater =>
  catalogRater(name, {
    rate(parsed, ctx) {
      const words = texts(parsed);
      const grouped = GROUPS.includes(words[0] ?? '');
      const verb = grouped ? words[1] : words[0];
      const rest = words.slice(grouped ? 2 : 1);
      if (verb === 'push') return changes(ctx);
      if (verb === 'run' || verb === 'create' || verb === 'exec') return container(verb, rest, ctx);
      if (verb === 'up') {
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
    },
    unsure: (words, ctx) => {
      ctx.rating.raise('high', 'Gives a container control of the host.', 'privilege_escalation');
      unreadable('high', 'code_execution')(words, ctx);
    },
  });

const givesHost = (ctx: SegmentContext) =>
  ctx.rating.raise('high', 'Gives a container control of the host.', 'privilege_escalation');

/** `docker run|create|exec`: read with the container entry; what it runs inside is rated too. */
function container(verb: string, rest: readonly string[], ctx: SegmentContext) {
  ctx.rating.raise('medium', 'Runs a container.', 'code_execution');
  const parsed = parseArguments(
    CONTAINER_RUN,
    `docker ${verb}`,
    rest.map((text, at) => ({ text, glob: false, dynamic: false, index: at + 1 })),
  );
  if (parsed.kind === 'unsure') {
    givesHost(ctx);
    return unreadable('high', 'code_execution')(rest, ctx);
  }
  const hostNamespace = values(parsed, 'pid', 'ipc', 'userns', 'uts', 'network', 'net').includes('host');
  const mounts = values(parsed, 'v', 'volume', 'mount');
  const hostMount = mounts.some((volume) =>
    /^(?:\/|\/var\/run\/docker\.sock|\/etc|\/root|~)(?::|$)|source=\/(?:,|$)/.test(volume),
  );
  if (has(parsed, 'privileged', 'cap-add', 'security-opt', 'device') || hostNamespace || hostMount)
    givesHost(ctx);
  if (parsed.wrapped !== undefined) runsInside(parsed.wrapped.argv, ctx);
}

/** Hosting CLIs where a bare invocation (or most verbs) deploys: `vercel`, `netlify deploy`, `fly deploy`. */
const deployTool = (name: string, readOnly: readonly string[], bareDeploys: boolean): ProgramRater =>
  catalogRater(name, {
    rate(parsed, ctx) {
      const words = texts(parsed);
      const verb = words[0];
      if (verb === undefined) return bareDeploys ? changes(ctx) : looks(ctx);
      if (deleteVerbs.test(verb) || words.slice(1, 3).some((word) => deleteVerbs.test(word)))
        return deletes(ctx);
      if (readOnly.includes(verb) || readVerbs.has(verb)) return looks(ctx);
      changes(ctx);
    },
    unsure: unreadClient,
  });

/** terraform's value options, single-dash words (`-var x=y`; `-var=x=y` is one word). */
const TERRAFORM_VALUES = new Set([
  '-chdir',
  '-var',
  '-var-file',
  '-target',
  '-replace',
  '-state',
  '-out',
  '-lock-timeout',
  '-parallelism',
  '-backend-config',
]);

/** terraform, tofu, terragrunt: their verbs, past their single-dash options and those options' values. */
const terraform = (name: string): ProgramRater =>
  catalogRater(name, {
    rate(parsed, ctx) {
      const words = texts(parsed);
      const verbs: string[] = [];
      for (let at = 0; at < words.length && verbs.length < 2; at++) {
        const word = words[at]!;
        if (!word.startsWith('-')) verbs.push(word);
        else if (TERRAFORM_VALUES.has(word)) at++;
      }
      rateVerbs(verbs, ctx);
    },
    unsure: unreadClient,
  });

const devServer = ['dev', 'types', 'whoami', 'login', 'tail', 'build', 'docs', 'serve', 'emulators:start'];

export const cloudRaters: Record<string, ProgramRater> = {
  gh: gh('gh'),
  glab: gh('glab'),
  hub: gh('hub'),
  kubectl: kubectl('kubectl'),
  oc: kubectl('oc'),
  helm: verbTool('helm', 1),
  terraform: terraform('terraform'),
  tofu: terraform('tofu'),
  terragrunt: terraform('terragrunt'),
  pulumi: verbTool('pulumi', 2),
  gcloud: verbTool('gcloud', 4),
  az: verbTool('az', 4),
  aws,
  docker: docker('docker'),
  podman: docker('podman'),
  nerdctl: docker('nerdctl'),
  wrangler: deployTool('wrangler', devServer, false),
  vercel: deployTool('vercel', [...devServer, 'env', 'pull', 'link', 'inspect'], true),
  netlify: deployTool('netlify', [...devServer, 'link', 'open'], false),
  fly: deployTool('fly', devServer, false),
  flyctl: deployTool('flyctl', devServer, false),
  firebase: deployTool('firebase', devServer, false),
  heroku: deployTool('heroku', devServer, false),
  railway: deployTool('railway', devServer, false),
  serverless: deployTool('serverless', [...devServer, 'package', 'print', 'invoke'], false),
  sls: deployTool('sls', [...devServer, 'package', 'print', 'invoke'], false),
  cdk: deployTool('cdk', [...devServer, 'synth', 'diff', 'ls', 'doctor', 'bootstrap'], false),
  sam: deployTool('sam', [...devServer, 'validate', 'local'], false),
  'ansible-playbook': catalogRater('ansible-playbook', {
    rate: (_p, ctx) => changes(ctx),
    unsure: (_w, ctx) => changes(ctx),
  }),
  ansible: catalogRater('ansible', { rate: (_p, ctx) => changes(ctx), unsure: (_w, ctx) => changes(ctx) }),
};
