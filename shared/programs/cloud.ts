import type { ProgramEntry } from './types.ts';

/** Long options one space apart, as a manual lists them. */
const words = (list: string): readonly string[] => list.split(' ');

/** The options as listed, once each, with `--help` and `--version` unless listed already. */
function withHelp(longs: string): readonly string[] {
  const listed = [...new Set(longs === '' ? [] : words(longs))];
  const names = new Set(listed.map((long) => long.replace(/=.*$/, '')));
  return [...listed, ...['help', 'version'].filter((name) => !names.has(name))];
}

/**
 * Command-line clients of external systems (off the read-only list): their common options from
 * each manual, taken anywhere on the line (cobra, click and argparse permute). The command words
 * are operands (`gh pr create`, `kubectl get pods`). An option not listed makes the parse unsure,
 * which the rater (shared/risk/programs/cloud.ts) rates as a change.
 */
const client = (
  name: string,
  shorts: string,
  longs: string,
  more: Partial<ProgramEntry> = {},
): ProgramEntry => ({
  name,
  family: 'cloud',
  readOnly: false,
  shorts,
  longs: withHelp(longs),
  operands: { rest: 'text' },
  does: ['network'],
  ...more,
});

const GH = client(
  'gh',
  'R:X:f:F:H:b:t:q:L:s:l:a:A:B:S:T:p:e:j:m:o:r:dwciyn',
  'repo= method= raw-field= field= header= input= body= body-file= title= jq= limit= state= label= assignee= author= base= head= search= template= project= json= paginate slurp include silent verbose hostname= web draft fill fill-first fill-verbose reviewer= milestone= comments yes squash merge rebase delete-branch auto admin subject= match-head-commit= ref= branch= workflow= status= event= user= created= commit= notes= notes-file= target= prerelease latest generate-notes discussion-category= clobber pattern= dir= output= archive= skip-if-exists public private internal description= homepage= clone remote= source= push default-branch= visibility= owner= type= order= sort= exit-status log log-failed interval= attempt= job= log-failed exit-status',
  {
    effects: {
      input: ['reads'],
      'body-file': ['reads'],
      'notes-file': ['reads'],
      F: ['reads'],
      field: ['reads'],
    },
  },
);

const KUBECTL = (name: string): ProgramEntry =>
  client(
    name,
    'n:l:o:f:c:k:p:v:AwitRhq',
    'namespace= selector= output= filename= container= kustomize= patch= all-namespaces watch stdin tty recursive context= kubeconfig= cluster= user= server= token= as= as-group= insecure-skip-tls-verify request-timeout= type= dry-run=? force grace-period= timeout= field-selector= show-labels sort-by= replicas= image= port= to-revision= server-side prune cascade=? overwrite record no-headers tail= since= follow previous selector= all v= wait local template= show-managed-fields subresource= raw= quiet',
  );

export const CLOUD_PROGRAMS: readonly ProgramEntry[] = [
  GH,
  { ...GH, name: 'glab' },
  { ...GH, name: 'hub' },
  KUBECTL('kubectl'),
  KUBECTL('oc'),
  client(
    'helm',
    'n:f:A',
    'namespace= kube-context= kubeconfig= values= set= set-string= set-file= version= install wait wait-for-jobs atomic create-namespace dry-run=? debug timeout= repo= all-namespaces output= reuse-values reset-values force devel generate-name name-template= description= skip-crds dependency-update',
  ),
  // terraform's options are single-dash words (`-auto-approve`, `-var x=y`, `-chdir=dir`): read by its rater.
  client('terraform', '', '', {
    freeform: true,
    note: 'single-dash options (`-var x=y`): read by its rater',
  }),
  client('tofu', '', '', { freeform: true, note: 'single-dash options (`-var x=y`): read by its rater' }),
  client('terragrunt', '', '', {
    freeform: true,
    note: "terraform's single-dash options: read by its rater",
  }),
  client(
    'pulumi',
    's:C:yfv:',
    'stack= cwd= yes skip-preview non-interactive diff color= emoji json config= secret refresh=? target= parallel= message= logtostderr',
  ),
  client(
    'gcloud',
    'qh',
    'project= region= zone= format= account= configuration= quiet verbosity= filter= limit= page-size= sort-by= impersonate-service-account= billing-project= flags-file= flatten= log-http trace-token= user-output-enabled=? async',
  ),
  client(
    'az',
    'g:n:o:hy',
    'resource-group= subscription= output= name= query= only-show-errors verbose debug location= yes ids= no-wait',
  ),
  // `aws [options] SERVICE OPERATION [its --name value options]`: the operation's options are its own.
  client(
    'aws',
    '',
    'profile= region= output= query= endpoint-url= debug no-verify-ssl no-paginate color= no-sign-request ca-bundle= cli-read-timeout= cli-connect-timeout= no-cli-pager cli-auto-prompt no-cli-auto-prompt cli-binary-format=',
    { permute: false },
  ),
  ...['docker', 'podman', 'nerdctl'].map((name) =>
    client(
      name,
      'H:c:l:Dv',
      'host= context= config= log-level= debug tls tlscacert= tlscert= tlskey= tlsverify',
      // The command, then its words (read with `CONTAINER_RUN` for run, create, exec).
      { permute: false },
    ),
  ),
  ...[
    'wrangler',
    'vercel',
    'netlify',
    'fly',
    'flyctl',
    'firebase',
    'heroku',
    'railway',
    'serverless',
    'sls',
    'cdk',
    'sam',
  ].map((name) =>
    client(
      name,
      'a:c:e:ydq',
      'token= scope= cwd= app= config= env= prod yes debug json project= region= profile= stage= force confirm= remote local port= name= message= site= dir= filter=',
    ),
  ),
  client('ansible-playbook', '', '', { freeform: true, note: 'rated the same whatever its words' }),
  client('ansible', '', '', { freeform: true, note: 'rated the same whatever its words' }),
];

/** `docker run|create [OPTIONS] IMAGE [COMMAND…]`, `docker exec [OPTIONS] CONTAINER COMMAND…`. */
export const CONTAINER_RUN: ProgramEntry = client(
  'docker run',
  'a:c:de:h:il:m:p:tu:v:w:P',
  'rm name= env= env-file= volume= mount= publish= publish-all user= workdir= entrypoint= network= net= detach interactive tty privileged cap-add= cap-drop= security-opt= pid= ipc= uts= userns= device= restart= label= memory= cpus= platform= pull= init read-only tmpfs= add-host= dns= hostname= gpus= shm-size= ulimit= volumes-from= link= expose= health-cmd= log-driver= log-opt= stop-signal= group-add= runtime= quiet attach= cpu-shares= sig-proxy=? detach-keys= cidfile= label-file= isolation= storage-opt= sysctl= oom-kill-disable oom-score-adj= memory-swap= no-healthcheck',
  {
    permute: false,
    operands: { positions: ['text'], rest: 'command' },
    effects: { 'env-file': ['reads'], 'label-file': ['reads'] },
    note: 'the image (or container), then the command it runs there',
  },
);

/** `aws s3 cp|mv|sync|rm|ls …`: the s3 commands' own options. */
export const AWS_S3: ProgramEntry = client(
  'aws s3',
  '',
  'recursive delete exclude= include= dryrun quiet only-show-errors acl= storage-class= sse= sse-kms-key-id= content-type= cache-control= metadata= expires= follow-symlinks no-follow-symlinks no-progress page-size= human-readable summarize size-only exact-timestamps force profile= region= output= endpoint-url= debug no-verify-ssl no-paginate no-cli-pager',
);
