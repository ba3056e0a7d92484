/**
 * Ends the process once what it wrote has gone out. Ending it explicitly matters for the hook,
 * which an agent waits on for every tool call: fetch keeps its connection to the relay open
 * after the answer, and that alone held the process ≈ 150–250 ms past its answer here. On pipes
 * stdout may be asynchronous (macOS), hence the flush first.
 */
export async function exitWith(code: number): Promise<never> {
  await Promise.all(
    [process.stdout, process.stderr].map((stream) => new Promise((done) => stream.write('', done))),
  );
  process.exit(code);
}
