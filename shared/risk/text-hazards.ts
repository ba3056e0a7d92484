import type { RiskCategory } from '../contract/index.ts';
import type { Findings } from './rating.ts';

/**
 * The worst shell patterns, found in raw text. Used where no parse can be trusted: a command
 * the shell analyzer could not parse, and code inside another language (`python -c "os.system(…)"`).
 * Quantifiers are bounded so that hostile input costs linear time.
 */
interface TextHazard {
  pattern: RegExp;
  note: string;
  categories?: readonly RiskCategory[];
}

const end = String.raw`(?=$|[\s;|&)"'\`])`;
const rootTarget = String.raw`(?:\/\*?|~\/?\*?|\$\{?HOME\}?\/?\*?)`;

const hazards: readonly TextHazard[] = [
  {
    pattern: new RegExp(String.raw`\brm\s+(?:-{1,2}[\w-]{0,40}\s+){0,8}${rootTarget}${end}`),
    note: 'Deletes the root or home directory.',
  },
  { pattern: /--no-preserve-root/, note: 'Deletes with the root directory unprotected.' },
  {
    pattern: /\b(?:curl|wget)\b[^|;&\n]{0,2000}\|\s*(?:sudo\s+)?(?:ba|z|da|k|fi)?sh\b/,
    note: 'Pipes a download into a shell.',
    categories: ['code_execution', 'network'],
  },
  {
    pattern: /\b(?:curl|wget)\b[^|;&\n]{0,2000}\|\s*(?:sudo\s+)?(?:python[\d.]*|perl|ruby|node|php)\b/,
    note: 'Pipes a download into an interpreter.',
    categories: ['code_execution', 'network'],
  },
  {
    pattern: /\bdd\b[^;|&\n]{0,500}\bof=\/dev\/(?:sd|hd|vd|xvd|nvme|mmcblk|disk|rdisk|md|dm-)/,
    note: 'Writes directly to a disk device.',
  },
  { pattern: /\bmkfs(?:\.\w+)?\b|\bwipefs\b/, note: 'Formats a disk.' },
  {
    pattern: />\s*\/dev\/(?:sd|hd|vd|xvd|nvme|mmcblk|disk|rdisk)/,
    note: 'Writes directly to a disk device.',
  },
  {
    pattern: /\bgit\s+push\b[^;|&\n]{0,500}(?:\s--force\b|\s-f\b|\s--force-with-lease\b|\s\+\w)/,
    note: 'Force-pushes to a remote repository.',
    categories: ['destructive', 'external_system'],
  },
  { pattern: /\bchmod\s+-R\s+[0-7]{3,4}\s+\/(?:\s|$)/, note: 'Changes permissions across the whole system.' },
];

/** A fork bomb, `:(){ :|:& };:` and its renamed forms: it exhausts the machine's processes. */
const forkBomb = /([A-Za-z_:][\w:-]{0,40})\s*\(\s*\)\s*\{[^}]{0,200}?\1\s*\|\s*&?\s*\1[^}]{0,200}\}/;

export function hasForkBomb(text: string): boolean {
  return text.includes('(') && forkBomb.test(text);
}

/** Raises the rating to critical for each dangerous pattern found in `text`. */
export function textHazards(text: string, rating: Findings): void {
  for (const hazard of hazards) {
    if (hazard.pattern.test(text))
      rating.raise('critical', hazard.note, ...(hazard.categories ?? ['destructive']));
  }
  if (hasForkBomb(text)) rating.raise('critical', 'A fork bomb: it exhausts the machine.', 'destructive');
}
