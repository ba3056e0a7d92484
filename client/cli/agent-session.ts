/** A session's title for an agent's hook: the last part of its working directory, when it says. */
export function titleFromCwd(cwd: string | undefined): { title?: string } {
  const last = (cwd ?? '')
    .split(/[\\/]+/)
    .filter((part) => part !== '')
    .at(-1);
  return last === undefined ? {} : { title: last.slice(0, 200) };
}
