import type { HostileRow } from './types.ts';

/**
 * Credential files the secret list names (shared/shield/secret-paths.ts): git credentials under
 * XDG, cloud and container CLIs, Kubernetes and Docker secrets, wrangler's own login, package
 * registry tokens, shell and database histories. Read by the Read tool or a read-only command,
 * every one is a secret read: the shield asks, in default and plan mode alike.
 */
const read = (name: string, file_path: string, cwd?: string): HostileRow => ({
  name: `Read: ${name}`,
  tool: 'Read',
  input: { file_path },
  ...(cwd === undefined ? {} : { cwd }),
  expect: 'ask',
});
const bash = (name: string, command: string): HostileRow => ({
  name: `Bash: ${name}`,
  tool: 'Bash',
  input: { command },
  cwd: '/home/dev/proj',
  expect: 'ask',
});

export const hostileRows: HostileRow[] = [
  read('git credentials under XDG', '/home/dev/.config/git/credentials'),
  bash('git credentials under XDG', 'cat ~/.config/git/credentials'),
  bash('git credentials under a moved XDG_CONFIG_HOME', 'cat /srv/cfg/git/credentials'),
  read('the Kubernetes service-account token', '/var/run/secrets/kubernetes.io/serviceaccount/token'),
  bash('the Kubernetes service-account token', 'cat /run/secrets/kubernetes.io/serviceaccount/token'),
  read('a Docker secret', '/run/secrets/db_password'),
  bash('a kubeconfig per cluster', 'cat ~/.kube/config-prod'),
  read('docker registry logins', '/home/dev/.docker/config.json'),
  bash("wrangler's own login (XDG)", 'cat ~/.config/.wrangler/config/default.toml'),
  read("wrangler's own login", '/home/dev/.wrangler/config/default.toml'),
  bash('gcloud application default credentials', 'cat ~/.config/gcloud/application_default_credentials.json'),
  read('an Azure service principal', '/home/dev/.azure/service_principal_entries.json'),
  bash('the AWS SSO cache', 'cat ~/.aws/sso/cache/abc.json'),
  read('OCI config', '/home/dev/.oci/config'),
  bash('an OCI API key', 'cat ~/.oci/oci_api_key.pem'),
  read('doctl', '/home/dev/.config/doctl/config.yaml'),
  bash('flyctl', 'cat ~/.fly/config.yml'),
  read('heroku .netrc', '/home/dev/.netrc'),
  bash('.npmrc', 'cat ~/.npmrc'),
  read('.yarnrc.yml', '/home/dev/proj/.yarnrc.yml'),
  bash('.pypirc', 'head -n 5 ~/.pypirc'),
  read('cargo credentials', '/home/dev/.cargo/credentials'),
  bash('cargo credentials.toml', 'cat ~/.cargo/credentials.toml'),
  read('RubyGems', '/home/dev/.gem/credentials'),
  bash('Maven settings', 'cat ~/.m2/settings.xml'),
  read('Gradle properties', '/home/dev/.gradle/gradle.properties'),
  bash('NuGet config', 'cat ~/.nuget/NuGet/NuGet.Config'),
  read('Composer auth', '/home/dev/.composer/auth.json'),
  bash('bash history', 'cat ~/.bash_history'),
  bash('zsh history', 'tail -n 50 ~/.zsh_history'),
  read('fish history', '/home/dev/.local/share/fish/fish_history'),
  bash('python history', 'cat ~/.python_history'),
  read('psql history', '/home/dev/.psql_history'),
  bash('mysql history', 'grep -i password ~/.mysql_history'),
  read('sqlite history', '/home/dev/.sqlite_history'),
  bash('redis-cli history', 'cat ~/.rediscli_history'),
  read('node REPL history', '/home/dev/.node_repl_history'),
  bash('a history folder read whole', 'grep -r token ~/.config/git'),
  // Windows spellings of the same files.
  read('Windows: C:\\ aws credentials', 'C:\\Users\\dev\\.aws\\credentials'),
  read('Windows: git credentials', 'C:\\Users\\dev\\.git-credentials'),
  read('Windows: kubeconfig with / and \\ mixed', 'C:/Users/dev\\.kube\\config'),
  read('Windows: upper case NuGet path', 'C:\\Users\\dev\\.NUGET\\NuGet\\NuGet.Config'),
  read('a relative climb with no working directory', '../../.aws/credentials'),
  // One path, many Windows spellings: trailing dots and spaces, streams, 8.3 names, prefixes.
  read('trailing dot: .env.', '.env.', '/home/dev/proj'),
  read('trailing space: .env + space', '.env ', '/home/dev/proj'),
  read('stream: .env::$DATA', '.env::$DATA', '/home/dev/proj'),
  read('stream, upper case: .ENV:stream', '.ENV:stream', '/home/dev/proj'),
  read('trailing dots on a folder: .aws../credentials', '/home/dev/.aws../credentials'),
  read('8.3: AWS~1\\CREDEN~1', 'C:\\Users\\dev\\AWS~1\\CREDEN~1'),
  read('8.3: SECRE~1.JSO', 'SECRE~1.JSO', '/home/dev/proj'),
  read('8.3: GIT-CR~1', 'C:\\Users\\dev\\GIT-CR~1'),
  read('DOS device prefix', '\\\\?\\C:\\Users\\dev\\.ssh\\id_ed25519'),
  read('double slash and dot segment', 'C:/Users/dev/.aws//./credentials'),
  read('invisible character in a name', '/home/dev/.aws/cred\u200bentials'),
  bash('stream, quoted', "cat '.env::$DATA'"),
  bash('8.3 name', 'cat SECRE~1.JSO'),
  bash('trailing dot, quoted', "cat '.npmrc.'"),
];
