import { abortable } from './abort.ts';
import { parseModelJson } from './model-output.ts';
import { buildReviewPrompt } from './prompt.ts';
import { type Classifier, ClassifierOutputError } from './types.ts';
import { verdictJsonSchema } from './verdict.ts';

/** The part of a Workers AI binding (`env.AI`) this reviewer uses. */
export interface WorkersAiBinding {
  run(model: string, input: unknown): Promise<unknown>;
}

/**
 * A reviewer on a Workers AI binding, with the same prompt as the OpenAI-compatible one and
 * Workers AI's JSON mode. The binding takes no abort signal, so an abort stops the waiting.
 */
export function workersAiClassifier(opts: { ai: WorkersAiBinding; model: string }): Classifier {
  return {
    model: opts.model,
    async classify(request, signal) {
      signal.throwIfAborted();
      const prompt = buildReviewPrompt(request);
      const result = await abortable(
        Promise.resolve().then(() =>
          opts.ai.run(opts.model, {
            messages: [
              { role: 'system', content: prompt.system },
              { role: 'user', content: prompt.user },
            ],
            temperature: 0,
            max_tokens: 400,
            response_format: { type: 'json_schema', json_schema: verdictJsonSchema },
          }),
        ),
        signal,
      );
      // Text models answer `{ response }`: a string, or already an object in JSON mode.
      const response = (result as { response?: unknown } | null)?.response;
      if (typeof response === 'string') return parseModelJson(response);
      if (typeof response === 'object' && response !== null) return response;
      throw new ClassifierOutputError('The Workers AI model answered without a response.');
    },
  };
}
