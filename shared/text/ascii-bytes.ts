/**
 * A text's characters as bytes, when every one of them is ASCII. Reading a byte array costs less
 * than `charCodeAt`, which checks how the string is stored at every character; the encoder copies
 * a string out in one go.
 *
 * The bytes of the last text asked for are kept, so the modules that each read a call's command
 * (the shell analysis, then the shield) copy it out once between them. The array handed out is
 * shared: it holds the text only until the next call with another text, so read it at once and
 * keep nothing of it. Bytes past the text's length are left as they are (readers may write there).
 */
const encoder = new TextEncoder();

/** Texts up to this length share one buffer; a longer one is copied into an array of its own. */
export const SHARED_BYTES = 16_384;
/** Eight bytes past the longest shared text, for readers that look a word past its end. */
const shared = new Uint8Array(SHARED_BYTES + 8);

let lastText: string | undefined;
let lastBytes: Uint8Array | undefined;

/** `text` as bytes when it is all ASCII (one byte a character), else undefined. */
export function asciiBytes(text: string): Uint8Array | undefined {
  if (text === lastText) return lastBytes;
  const length = text.length;
  let bytes: Uint8Array | undefined = length <= SHARED_BYTES ? shared : new Uint8Array(length + 8);
  const { read, written } = encoder.encodeInto(text, bytes);
  // Each character one byte: nothing outside ASCII, which would take two or more.
  if (read !== length || written !== length) bytes = undefined;
  lastText = text;
  lastBytes = bytes;
  return bytes;
}

/** The buffer texts up to SHARED_BYTES are copied into, for readers that view it in wider words. */
export const sharedBytes: Uint8Array = shared;
