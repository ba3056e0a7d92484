import type { HostileRow } from './types.ts';

/**
 * A denied command run on another machine, in a container or in a pod (shared/wrappers/
 * elsewhere.ts): a deny rule on `rm` denies it there as here, in every mode, Full Access included
 * (DESIGN §5: a deny rule matches any command a compound command runs).
 */
const denied = (command: string): HostileRow => ({
  name: `deny rule on rm, run elsewhere: ${command}`,
  tool: 'Bash',
  input: { command },
  cwd: '/home/dev/proj',
  expect: 'deny',
  modes: ['default', 'plan', 'bypass'],
  rules: { deny: ['Bash(rm:*)'] },
});

export const hostileRows: HostileRow[] = [
  'ssh host rm -rf /srv',
  "ssh host 'cd /srv && rm -rf data'",
  'ssh -p 2222 user@host -- rm x',
  'ssh -o ProxyCommand="rm x" host',
  'ssh -t host sudo rm -rf /',
  'mosh host -- rm x',
  'podman run --rm alpine rm -rf /',
  'podman run -v /:/host alpine sh -c "rm -rf /host"',
  'podman exec -it web rm -rf /app',
  'podman container exec web rm x',
  'podman --frobnicate exec web rm x',
  'docker exec web rm -rf /app',
  'docker run --rm -u 0 alpine rm x',
  'nerdctl run alpine rm x',
  'kubectl exec web -- rm -rf /data',
  'kubectl exec -n prod -c app web -- sh -c "rm -rf /data"',
  'kubectl run tmp --image=busybox -- rm x',
  'oc exec web -- rm x',
  'timeout 60 ssh host rm x',
].map(denied);
