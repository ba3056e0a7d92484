import { fail, newScan, type Scan } from './scanner.ts';
import { lexBackticks, lexDollar, type WordState } from './word.ts';

/**
 * Reads the bodies of the heredocs opened on the line that just ended (`s.pos` is at the start of
 * the next line). An unquoted delimiter means the body is expanded, so its `$(…)` and backticks run.
 */
export function readHeredocBodies(s: Scan, depth: number): void {
  const { src } = s;
  const pending = s.heredocs;
  s.heredocs = [];
  for (const heredoc of pending) {
    const bodyStart = s.pos;
    let bodyEnd = -1;
    while (bodyEnd === -1) {
      if (s.pos >= src.length) fail(`heredoc "${heredoc.delimiter}" is not terminated`);
      const newline = src.indexOf('\n', s.pos);
      const lineEnd = newline === -1 ? src.length : newline;
      let line = src.slice(s.pos, lineEnd);
      if (heredoc.stripTabs) line = line.replace(/^\t+/, '');
      if (line === heredoc.delimiter) bodyEnd = s.pos;
      s.pos = newline === -1 ? src.length : newline + 1;
    }
    if (!heredoc.literal) {
      const body = newScan(src.slice(bodyStart, bodyEnd), s.out, (pos) => s.toSource(bodyStart + pos));
      scanExpandedBody(body, depth + 1);
    }
  }
}

/** A heredoc body behaves like double-quoted text in which `"` is not special. */
function scanExpandedBody(body: Scan, depth: number): void {
  const scratch: WordState = { value: '', quoted: false, dynamic: false, glob: false };
  const { src } = body;
  while (body.pos < src.length) {
    const c = src[body.pos];
    if (c === '\\') body.pos += 2;
    else if (c === '$') lexDollar(body, depth, scratch, true);
    else if (c === '`') lexBackticks(body, depth, scratch, false);
    else body.pos += 1;
  }
}
