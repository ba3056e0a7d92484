/**
 * Programs a saved rule may never name, because a rule for them allows any code at all: shells,
 * interpreters and programs that run what they are handed or download. One entry each, with why;
 * a version suffix is ignored (`python3.12` is `python`). Programs that run another command given
 * in their arguments (sudo, env, xargs, timeout, nice, …) come from shared/wrappers' table, so a
 * wrapper added there is refused here too.
 */
export const codeRunners: Readonly<Record<string, string>> = {
  // Interpreters: their arguments are a program.
  python: 'an interpreter runs any code it is given',
  pypy: 'an interpreter runs any code it is given',
  node: 'an interpreter runs any code it is given',
  nodejs: 'an interpreter runs any code it is given',
  deno: 'an interpreter runs any code it is given',
  bun: 'an interpreter runs any code it is given',
  perl: 'an interpreter runs any code it is given',
  ruby: 'an interpreter runs any code it is given',
  irb: 'an interpreter runs any code it is given',
  php: 'an interpreter runs any code it is given',
  lua: 'an interpreter runs any code it is given',
  luajit: 'an interpreter runs any code it is given',
  Rscript: 'an interpreter runs any code it is given',
  R: 'an interpreter runs any code it is given',
  julia: 'an interpreter runs any code it is given',
  tclsh: 'an interpreter runs any code it is given',
  wish: 'an interpreter runs any code it is given',
  expect: 'an interpreter runs any code it is given',
  osascript: 'an interpreter runs any code it is given',
  jshell: 'an interpreter runs any code it is given',
  groovy: 'an interpreter runs any code it is given',
  pwsh: 'a shell runs any command it is given',
  powershell: 'a shell runs any command it is given',
  nu: 'a shell runs any command it is given',
  xonsh: 'a shell runs any command it is given',
  elvish: 'a shell runs any command it is given',
  // Text tools with a command of their own: awk's system(), sed's `e`.
  awk: "awk's program can run commands (system, pipes)",
  gawk: "awk's program can run commands (system, pipes)",
  mawk: "awk's program can run commands (system, pipes)",
  nawk: "awk's program can run commands (system, pipes)",
  sed: "sed's `e` command runs shell commands",
  // Runners of packages fetched on the spot.
  npx: 'it downloads and runs any package',
  pnpx: 'it downloads and runs any package',
  bunx: 'it downloads and runs any package',
  uvx: 'it downloads and runs any package',
  pipx: 'it downloads and runs any package',
  // Remote shells.
  ssh: 'it runs any command on the remote host',
};

/**
 * Subcommands that run what follows them (a script, a package, a command in a container): a
 * rule must name that too, so `npm run:*` is refused and `npm run test:*` is not.
 */
export const namedRunners: Readonly<Record<string, readonly string[]>> = {
  npm: ['run', 'run-script', 'exec', 'x', 'explore'],
  pnpm: ['run', 'exec', 'dlx'],
  yarn: ['run', 'exec', 'dlx', 'node'],
  uv: ['run', 'tool'],
  poetry: ['run'],
  pipenv: ['run'],
  go: ['run', 'generate', 'tool'],
  cargo: ['run', 'install'],
  docker: ['run', 'exec'],
  podman: ['run', 'exec'],
  kubectl: ['exec', 'run'],
  git: ['submodule'],
};
