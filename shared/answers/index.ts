// What an agent's model reads when Gatehouse does not let a call run (docs/agents.md, "Answers").
export {
  approvalText,
  denialText,
  policyDenialText,
  refusedText,
  unansweredText,
  unavailableText,
  userDenialText,
  userDenied,
  withdrawnText,
} from './texts.ts';
