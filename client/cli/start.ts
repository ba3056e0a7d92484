import type { CliSelf } from './main.ts';

/**
 * Every entry (the clone's gatehouse.mjs; the packed bin-hook.ts, and bin.ts of earlier versions)
 * starts here. `gatehouse hook` for Claude Code is run on every tool call, so it is loaded alone
 * (hook-command.ts); everything else, and any hook invocation that entry does not take, loads the
 * full CLI (main.ts; in the packed bin, the dist/cli.mjs beside it).
 */
export async function start(argv: string[], self: () => CliSelf): Promise<never> {
  const { exitWith } = await import('./exit.ts');
  if (argv[0] === 'hook') {
    const { claudeHookCommand, readStdin } = await import('./hook-command.ts');
    const code = await claudeHookCommand(argv.slice(1), process.env, {
      stdin: readStdin,
      write: (text) => process.stdout.write(text),
      warn: (text) => process.stderr.write(`${text}\n`),
    });
    if (code !== undefined) return exitWith(code);
  }
  const { runAndExit } = await import('./main.ts');
  return runAndExit(argv, self());
}
