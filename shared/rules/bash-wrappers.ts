/**
 * Commands that run another command given as their arguments. Deny and ask rules look through
 * them: `sudo rm -rf x`, `xargs rm`, `timeout 5 rm x`, `env A=1 rm x` all match `Bash(rm:*)`.
 * Rather than modelling each wrapper's options, every later argument that is not an option or an
 * assignment is tried as the start of the wrapped command: generous, as deny matching must be.
 */
export const WRAPPERS = new Set([
  'sudo',
  'doas',
  'env',
  'nohup',
  'nice',
  'ionice',
  'timeout',
  'stdbuf',
  'setsid',
  'command',
  'builtin',
  'exec',
  'time',
  'xargs',
  'parallel',
  'watch',
  'flock',
  'chroot',
  'taskset',
  'chrt',
  'unbuffer',
  'caffeinate',
  'strace',
  'ltrace',
  'torsocks',
  'proxychains',
  'proxychains4',
  'firejail',
  'busybox',
  'runuser',
  'systemd-run',
]);
/** Shells whose `-c` argument is a command line of its own; without one they read code from stdin. */
export const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'fish', 'su']);
/**
 * True when deny matching must look past the command's name: a wrapper, a shell, `eval` or `find`
 * may run another command given in their arguments.
 */
export function runsOtherCommands(base: string): boolean {
  return WRAPPERS.has(base) || SHELLS.has(base) || base === 'eval' || base === 'find';
}
