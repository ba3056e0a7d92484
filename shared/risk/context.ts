import type { Reading } from '../programs/index.ts';
import type { ShellSegment } from '../shell/index.ts';
import type { Where } from './paths.ts';
import type { Findings } from './rating.ts';

/**
 * What the shell rater notices across the segments of one command: a download and a shell
 * fed from its input are harmless apart and critical together (`curl … | sh`).
 */
export interface PipelineFacts {
  /** Segments that fetch from the network (curl, wget, …). */
  downloads: number;
  /** Files a download saved (`curl -o x`, `wget -O x`), to spot `… && sh x`. Lists: most commands add none. */
  downloadedFiles: string[];
  /** Shells or interpreters that run whatever arrives on their input (`sh`, `bash -s`, `python3 -`). */
  stdinRunners: number;
  /** Shells or interpreters whose code is the output of a substitution (`bash -c "$(curl …)"`, `eval "$(…)"`). */
  substitutedRunners: number;
  /** Script files run by a shell or interpreter (`sh install.sh`). */
  scriptsRun: string[];
  /** Decoders whose output may be hidden code (`base64 -d`, `xxd -r`). */
  decoders: number;
  /** Interactive shells (`bash -i`), which a `/dev/tcp` redirection turns into a reverse shell. */
  interactiveShells: number;
}

export function newPipelineFacts(): PipelineFacts {
  return {
    downloads: 0,
    downloadedFiles: [],
    stdinRunners: 0,
    substitutedRunners: 0,
    scriptsRun: [],
    decoders: 0,
    interactiveShells: 0,
  };
}

/** What every program rater gets: where the command runs and where findings go. */
export interface SegmentContext {
  /** Findings about this simple command, tied to its span of the call's command. */
  rating: Findings;
  where: Where;
  pipeline: PipelineFacts;
  /** The engine recognized the whole command as read-only: unknown programs need not raise the rating. */
  readOnly: boolean;
  /** Nesting of `bash -c`, `eval`, `ssh host cmd`…; bounded so hostile input stays cheap. */
  depth: number;
  /**
   * The simple command being rated, as the read-only allowlist sees it: the segment itself, or
   * for a program run by another (`sudo cat x`, `xargs chmod 500`, `find -exec`), the words it runs.
   */
  segment: ShellSegment;
  /**
   * The catalog's one parse of `segment` (CallFacts.programs), when the engine made it: absent for
   * a command line nested in a word and for the words a wrapper runs, which no segment holds.
   */
  reading?: Reading;
  /** Rate a command line nested in this one (the script of `bash -c`, `eval`'s words, `ssh host cmd`). */
  rateNested(command: string, where?: 'local' | 'remote'): void;
  /** Rate an argument vector nested in this one (`find -exec …`, `xargs rm`). */
  rateArgv(argv: readonly string[]): void;
}

export type ProgramRater = (args: readonly string[], ctx: SegmentContext) => void;
