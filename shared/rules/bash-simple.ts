import { analyzeShell, type ShellAnalysis, type ShellSegment } from '../shell/index.ts';
import { runsOtherCommands } from './bash-wrappers.ts';

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
export function simplyWritten(analysis: ShellAnalysis): boolean {
  if (!analysis.plainlyWritten) return false;
  const { segments } = analysis;
  for (let index = 0; index < segments.length; index += 1) {
    if (runsOtherCommands(segments[index]!.argv[0]!)) return false;
  }
  return true;
}

/**
 * The last command rules asked about, and its simple commands when it is simply written: the rule
 * index of each list and the matching rules all ask about the call's one command, and comparing
 * the string with the last one costs less than finding its analysis again and checking its names.
 */
let lastCommand: string | undefined;
let lastSimple: readonly ShellSegment[] | undefined;

/** The simple commands of `command` when it is simply written, else undefined. */
export function simpleSegments(command: string): readonly ShellSegment[] | undefined {
  if (command !== lastCommand) {
    const analysis = analyzeShell(command);
    lastSimple = simplyWritten(analysis) ? analysis.segments : undefined;
    lastCommand = command;
  }
  return lastSimple;
}
