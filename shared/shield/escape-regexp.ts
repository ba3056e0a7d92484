/** `text` as a regular expression that matches exactly it: for literal hints joined into one. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
