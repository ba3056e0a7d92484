import { RuleError } from './types.ts';

/** Which directory a path rule is relative to. */
export type PathAnchor = 'root' | 'home' | 'cwd';

export interface PathPattern {
  anchor: PathAnchor;
  /** A glob for paths relative to the anchor (no leading slash); see path-glob.ts. */
  glob: string;
  /** The literal directories before the first wildcard, relative to the anchor; '' when it can match at any depth. */
  staticBase: string;
}

const GLOB_CHARS = /[*?[\]\\]/;

/**
 * Claude Code's path forms, read with gitignore semantics:
 * - `//abs/path`: absolute.
 * - `~/x`: relative to the home directory.
 * - `/x`: relative to the working directory (Claude Code: to the settings file; a plan has none).
 * - `./x`: relative to the working directory, pinned there.
 * - `x`: relative to the working directory; with no `/` inside it matches at any depth (`*.env`
 *   covers `a/b/.env`), as in a .gitignore. A trailing `/` means "inside this directory".
 * Throws RuleError for forms we cannot honour.
 */
export function parsePathPattern(rule: string, specifier: string): PathPattern {
  let anchor: PathAnchor = 'cwd';
  let pattern = specifier;
  if (specifier.startsWith('//')) {
    anchor = 'root';
    pattern = specifier.slice(1);
  } else if (specifier === '~' || specifier.startsWith('~/')) {
    anchor = 'home';
    pattern = `/${specifier.slice(2)}`;
  } else if (specifier.startsWith('~')) {
    throw new RuleError(rule, '"~user" paths are not supported; use //absolute/path');
  } else if (specifier.startsWith('./')) {
    pattern = `/${specifier.slice(2)}`;
  } else if (specifier === '.') {
    pattern = '/';
  }
  const directoryOnly = pattern.endsWith('/') && pattern.replace(/\/+$/, '') !== '';
  const trimmed = pattern.replace(/\/+$/, '');
  const anchored = trimmed.startsWith('/') || trimmed.includes('/');
  const body = trimmed.replace(/^\/+/, '');
  if (body.startsWith('#') || body.startsWith('!')) {
    throw new RuleError(
      rule,
      'a path may not start with "#" or "!" (gitignore comments and negations have no meaning here)',
    );
  }
  if (body.split('/').some((part) => part === '..' || part === '.')) {
    throw new RuleError(rule, '"." and ".." are not supported inside a path rule; use //absolute/path');
  }
  if (body === '') return { anchor, glob: '**', staticBase: '' };
  // "Inside this directory": one more segment at least. After a whole-segment double star, that
  // segment must be spelled out, or the trailing slash would fold into the double star.
  const endsInDoubleStar = body === '**' || body.endsWith('/**');
  const inside = directoryOnly ? (endsInDoubleStar ? '/*/**' : '/**') : '';
  const glob = `${anchored ? '' : '**/'}${body}${inside}`;
  return { anchor, glob, staticBase: anchored ? staticBaseOf(body) : '' };
}

function staticBaseOf(body: string): string {
  const parts = body.split('/');
  const literal: string[] = [];
  // The last part names files, not a directory to descend into.
  for (const part of parts.slice(0, -1)) {
    if (GLOB_CHARS.test(part)) break;
    literal.push(part);
  }
  return literal.join('/');
}
