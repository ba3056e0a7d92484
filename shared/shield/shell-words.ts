import { analyzeShell, type ShellAnalysis } from '../shell/index.ts';
import { anyHint, matchSecrets, type SecretSpan } from './match.ts';

/** What bash takes out of a word before passing it on: quotes and backslashes. */
const QUOTING = /['"\\]/g;

/**
 * Whether `text` may hold a secret that only appears once bash has read it: a `$'…'` string
 * (whose escapes can spell anything, `$'\x67hp_…'`), or quotes and backslashes whose removal
 * leaves a secret's hint (`'gh''p_…'`, `"gh"p_…`, `gh\p_…`). Most texts have neither, so the
 * shell parser runs only for these.
 */
function mayHideSecret(text: string): boolean {
  if (text.includes("$'")) return true;
  if (!/['"\\]/.test(text)) return false;
  return anyHint.test(text.replace(QUOTING, '').toLowerCase());
}

/** The first secret kind in `value`, if any. */
const secretKind = (value: string) => matchSecrets(value)[0]?.kind;

/**
 * Secrets in `text` as bash would pass its words (DESIGN §5 step 2: the shield reads words after
 * quote removal and concatenation, `$'…'` decoded, as well as the raw text): for each word whose
 * value is a secret, the span of the word as written. The words are the shell parser's own
 * (`argv`, shared/shell), never a second decoder. An assignment (`TOKEN='gh''p_…' cmd`) has no
 * span of its own: the span of its whole command is given. Text the parser does not understand
 * (prose with a lone apostrophe) is taken as written, quotes and backslashes dropped: if that
 * spells a secret the text as written does not, the whole text is the span (fail closed).
 */
export function shellWordSecrets(text: string, analysis?: ShellAnalysis): SecretSpan[] {
  if (typeof text !== 'string' || !mayHideSecret(text)) return [];
  const shell = analysis ?? analyzeShell(text);
  const spans: SecretSpan[] = [];
  for (const segment of shell.segments) {
    const words = segment.words;
    segment.argv.forEach((value, index) => {
      const word = words?.[index];
      const kind = secretKind(value);
      // A word whose secret shows as written is masked as written (its label kept readable).
      if (kind === undefined || (word !== undefined && secretKind(word.raw) !== undefined)) return;
      if (word !== undefined && text.slice(word.start, word.end) === word.raw)
        spans.push({ kind, start: word.start, end: word.end });
      else spans.push({ kind, start: segment.start, end: segment.end });
    });
    for (const assignment of segment.assignments) {
      const kind = secretKind(assignment);
      if (kind !== undefined && secretKind(segment.text) === undefined)
        spans.push({ kind, start: segment.start, end: segment.end });
    }
  }
  for (const redirection of shell.redirections) {
    const kind = secretKind(redirection.target);
    if (kind !== undefined) spans.push({ kind, start: 0, end: text.length });
  }
  if (shell.error !== undefined && spans.length === 0) {
    const kind = secretKind(text.replace(QUOTING, ''));
    if (kind !== undefined && matchSecrets(text).length === 0)
      spans.push({ kind, start: 0, end: text.length });
  }
  return spans;
}
