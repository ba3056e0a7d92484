import { analyzeShell, type ShellAnalysis, type ShellSegment } from '../shell/index.ts';

/**
 * Whether a command is simply written: written plainly (shell/plainly-written.ts: literal names
 * and words one space apart, nothing assigned, substituted or redirected), and no simple command
 * runs another command (bash-wrappers.ts). Most commands agents run are (`npm test -- x && git status`).
 *
 * For such a command each simple command's text is all that rules read: it is the one reading a
 * deny or ask pattern is tested against (bash-readings.ts) and the allow rendering (bash-render.ts),
 * and nothing in it makes an allow rule refuse the command. So the rules read the texts directly
 * and build no per-segment view (bash-view.ts); `test/unit/rules-simple-fastpath.test.ts` checks
 * that the view would say the same.
 */
export function simplyWritten(_analysis: ShellAnalysis): boolean {
  // The shell analysis no longer tells plainly written commands apart: every command takes the
  // general path.
  return false;
}

/**
 * The last command rules asked about, and its simple commands when it is simply written: the rule
 * index of each list and the matching rules all ask about the call's one command, and comparing
 * the string with the last one costs less than finding its analysis again and checking its names.
 */
let lastCommand: string | undefined;
let lastSimple: readonly ShellSegment[] | undefined;
/**
 * The first characters of the last simply written command's names, one bit per ASCII code in
 * four words (a name starting past ASCII sets every bit): a list of rules can tell from them at
 * once that none of its commands starts any of the names, without reading each name again.
 */
const lastFirsts = new Int32Array(4);

/** The simple commands of `command` when it is simply written, else undefined. */
export function simpleSegments(command: string): readonly ShellSegment[] | undefined {
  if (command !== lastCommand) {
    const analysis = analyzeShell(command);
    lastSimple = simplyWritten(analysis) ? analysis.segments : undefined;
    lastCommand = command;
    if (lastSimple !== undefined) nameFirsts(lastSimple, lastFirsts);
  }
  return lastSimple;
}

/**
 * Whether a name of the command last given to `simpleSegments`, which was simply written, may
 * begin with a character whose bit `firsts` has (four words, as above).
 */
export function simpleNamesMayStartWith(firsts: Int32Array): boolean {
  return (
    ((lastFirsts[0]! & firsts[0]!) |
      (lastFirsts[1]! & firsts[1]!) |
      (lastFirsts[2]! & firsts[2]!) |
      (lastFirsts[3]! & firsts[3]!)) !==
    0
  );
}

function nameFirsts(segments: readonly ShellSegment[], into: Int32Array): void {
  // Four stores, not `fill`: a typed array's `fill` is a call into the runtime, dearer than the loop.
  let bits0 = 0;
  let bits1 = 0;
  let bits2 = 0;
  let bits3 = 0;
  for (let index = 0; index < segments.length; index += 1) {
    const code = segments[index]!.argv[0]!.charCodeAt(0);
    const bit = 1 << (code & 31);
    if (code < 32) bits0 |= bit;
    else if (code < 64) bits1 |= bit;
    else if (code < 96) bits2 |= bit;
    else if (code < 128) bits3 |= bit;
    else {
      bits0 = bits1 = bits2 = bits3 = -1;
      break;
    }
  }
  into[0] = bits0;
  into[1] = bits1;
  into[2] = bits2;
  into[3] = bits3;
}
