import { abortable } from './abort.ts';
import { maxModelTextChars, parseModelJson, readBoundedText } from './model-output.ts';
import { buildReviewPrompt } from './prompt.ts';
import { type Classifier, ClassifierOutputError } from './types.ts';
import { verdictJsonSchema } from './verdict.ts';

export interface OpenAiCompatibleOptions {
  /** The Chat Completions endpoint, or the API's base URL (`…/v1`), to which `/chat/completions` is added. */
  url: string;
  model: string;
  apiKey?: string;
  fetch?: typeof fetch;
  /**
   * `json_schema` (default) constrains the answer to the verdict shape where the endpoint
   * supports it; `json_object` is for endpoints that only know plain JSON mode.
   */
  responseFormat?: 'json_schema' | 'json_object';
}

/** The largest response body read; a Chat Completions answer with a verdict is a few KiB. */
const maxResponseBytes = 256 * 1024;

function endpointOf(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new TypeError(`The reviewer endpoint must be an http(s) URL, not ${parsed.protocol}`);
  }
  if (!/\/chat\/completions\/?$/.test(parsed.pathname)) {
    parsed.pathname = `${parsed.pathname.replace(/\/+$/, '')}/chat/completions`;
  }
  return parsed.toString();
}

/** The message content of a Chat Completions answer, or invalid output. */
function contentOf(body: unknown): string {
  const choices = (body as { choices?: unknown } | null)?.choices;
  const first = Array.isArray(choices)
    ? (choices[0] as { message?: { content?: unknown } } | undefined)
    : undefined;
  const content = first?.message?.content;
  if (typeof content !== 'string')
    throw new ClassifierOutputError('The reviewer endpoint answered without a message.');
  return content;
}

/**
 * A reviewer behind any OpenAI-compatible Chat Completions endpoint (OpenAI, a gateway, a
 * local server). It sends the redacted review prompt, asks for JSON, and returns the parsed
 * JSON for `runClassifier` to validate. HTTP failures are errors; an answer that is not JSON
 * is invalid output. The response body is never echoed into messages.
 */
export function openAiCompatibleClassifier(opts: OpenAiCompatibleOptions): Classifier {
  const endpoint = endpointOf(opts.url);
  // Called unbound: a Worker's global fetch must not be invoked as a method of another object.
  const send = opts.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const responseFormat =
    opts.responseFormat === 'json_object'
      ? { type: 'json_object' }
      : { type: 'json_schema', json_schema: { name: 'verdict', strict: true, schema: verdictJsonSchema } };
  return {
    model: opts.model,
    async classify(request, signal) {
      signal.throwIfAborted();
      const prompt = buildReviewPrompt(request);
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/json',
      };
      if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;
      const response = await send(endpoint, {
        method: 'POST',
        headers,
        signal,
        body: JSON.stringify({
          model: opts.model,
          messages: [
            { role: 'system', content: prompt.system },
            { role: 'user', content: prompt.user },
          ],
          temperature: 0,
          max_tokens: 400,
          response_format: responseFormat,
        }),
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new Error(`The reviewer endpoint answered HTTP ${response.status}.`);
      }
      const text = await abortable(readBoundedText(response, maxResponseBytes), signal);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new ClassifierOutputError('The reviewer endpoint did not answer with JSON.');
      }
      const content = contentOf(body);
      if (content.length > maxModelTextChars)
        throw new ClassifierOutputError("The reviewer's answer is too long.");
      return parseModelJson(content);
    },
  };
}
