import { limits } from '../contract/index.ts';

/** How much of a value a display copy keeps. */
export interface DisplayBounds {
  /** Longest string kept; longer ones end in `…[truncated N chars]`. */
  stringChars: number;
  /** Containers nested this deep or deeper become `"[…]"`. */
  depth: number;
  /** The copy's whole size as JSON text. */
  chars: number;
  /** Entries kept per object or array; the rest become one marker. */
  keys: number;
}

export const displayBounds: DisplayBounds = {
  stringChars: limits.displayStringChars,
  depth: limits.displayDepth,
  chars: limits.displayChars,
  keys: limits.displayKeys,
};

/** Caller bounds, clamped to sane ranges so no argument can make the copy throw or explode. */
export function resolveBounds(overrides: Partial<DisplayBounds> | undefined): DisplayBounds {
  const pick = (name: keyof DisplayBounds, min: number, max: number) => {
    const value = overrides?.[name];
    const chosen =
      typeof value === 'number' && Number.isFinite(value) ? Math.floor(value) : displayBounds[name];
    return Math.min(max, Math.max(min, chosen));
  };
  return {
    stringChars: pick('stringChars', 16, 1 << 20),
    depth: pick('depth', 0, 64),
    chars: pick('chars', 256, 1 << 24),
    keys: pick('keys', 1, 1 << 20),
  };
}
