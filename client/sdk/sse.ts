/** One Server-Sent Event as the HTML standard's parser dispatches it. */
export interface ServerSentEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Parses a `text/event-stream` body (WHATWG HTML §9.2.6): fields split at the first colon,
 * one optional space after it, `data` lines joined by newlines, comments and `retry` ignored,
 * an event dispatched at a blank line. Lines may end in CRLF, LF or CR; chunks split anywhere.
 */
export async function* parseServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let id: string | undefined;
  let pendingCR = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      let text = decoder.decode(value, { stream: true });
      // A CR at the end of the last chunk already ended its line; a LF that follows is part of it.
      if (pendingCR && text.startsWith('\n')) text = text.slice(1);
      pendingCR = text.endsWith('\r');
      buffer += text;
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0) yield { id, event: event || 'message', data: data.join('\n') };
          data = [];
          event = '';
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'data') data.push(value);
        else if (field === 'event') event = value;
        else if (field === 'id' && !value.includes('\0')) id = value;
      }
    }
  } finally {
    // The consumer stopped early (break, abort): close the connection, not just the reader.
    await reader.cancel().catch(() => undefined);
  }
}
