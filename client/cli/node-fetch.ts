import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

/**
 * The part of `fetch` the SDK's JSON requests use (method, headers, string body, signal; `ok`,
 * `status`, `statusText`, `headers`, `text()`, `json()`), over node:http. Why the CLI does not use Node's
 * own fetch: on Node 20 the first fetch loads and compiles undici, ≈ 120 ms of CPU per process,
 * most of what `gatehouse hook` cost there on every tool call; node:http is ≈ 10 ms. Redirects are
 * not followed (the token is never sent on to another address) and there is no streamed body:
 * the CLI reads no event stream.
 */
/**
 * The response's headers, read as `Headers#get` and `has` read them. Not a `Headers`: on Node 20
 * that global is undici's, and touching it loads and compiles all of undici (≈ 60 ms of CPU here),
 * the very cost this module exists to avoid.
 */
function readHeaders(raw: IncomingHttpHeaders): Pick<Headers, 'get' | 'has'> {
  const get = (name: string) => {
    const value = raw[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
  return { get, has: (name) => get(name) !== null };
}

export const nodeFetch = (async (input: URL | string, init: RequestInit = {}) => {
  const url = new URL(String(input));
  // node:https (and TLS with it) is loaded only for an https relay: a local one never pays for it.
  const send = url.protocol === 'https:' ? (await import('node:https')).request : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string> | undefined,
        ...(init.signal ? { signal: init.signal } : {}),
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = response.statusCode ?? 0;
          resolve({
            ok: status >= 200 && status < 300,
            status,
            statusText: response.statusMessage ?? '',
            // `Gatehouse-Attestation` (docs/attestation.md) is read from here.
            headers: readHeaders(response.headers),
            body: null,
            text: async () => text,
            json: async () => JSON.parse(text),
          });
        });
      },
    );
    request.on('error', reject);
    request.end(typeof init.body === 'string' ? init.body : undefined);
  });
}) as unknown as typeof fetch;
