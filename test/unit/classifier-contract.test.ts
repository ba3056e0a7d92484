import { afterAll, beforeAll } from 'vitest';
import {
  heuristicClassifier,
  openAiCompatibleClassifier,
  type WorkersAiBinding,
  workersAiClassifier,
} from '../../shared/classifier/index.ts';
import { runClassifierContract } from './fixtures/classifier-contract.ts';
import { type FakeLlm, startFakeLlm } from './fixtures/fake-llm.ts';

// The same contract, run against every reviewer the relay ships.

runClassifierContract('heuristic', { make: () => heuristicClassifier });

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => {
  await llm.close();
});

runClassifierContract('OpenAI-compatible endpoint', {
  make: () => openAiCompatibleClassifier({ url: llm.url, model: 'test/reviewer-1', apiKey: 'sk-test-key' }),
});

/** A Workers AI binding that reviews like a careful model and answers in JSON mode (an object). */
const fakeAi: WorkersAiBinding = {
  async run(_model, input) {
    const messages = (input as { messages: { role: string; content: string }[] }).messages;
    const risk = /Engine rating: risk (\w+)/.exec(messages[1]?.content ?? '')?.[1];
    const behavior = risk === 'safe' || risk === 'low' ? 'allow' : risk === 'critical' ? 'deny' : 'ask';
    return { response: { behavior, confidence: 'medium', riskCategories: [], reason: `Rated ${risk}.` } };
  },
};

runClassifierContract('Workers AI binding', {
  make: () => workersAiClassifier({ ai: fakeAi, model: '@cf/meta/llama-3.1-8b-instruct' }),
});
