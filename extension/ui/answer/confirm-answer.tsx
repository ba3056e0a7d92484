import './answer.css';
import type { Risk } from '../../../shared/contract/index.ts';
import { ConfirmStep } from '../common/confirm-step.tsx';
import type { Choice } from './answer-choice.ts';
import { confirmLabel, confirmQuestion } from './friction.ts';

interface ConfirmAnswerProps {
  choice: Choice;
  tool: string;
  risk: Risk;
  sending: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** The confirm step of a wider answer (friction.ts says which): what it allows, and for how long. */
export function ConfirmAnswer({ choice, tool, risk, sending, onConfirm, onCancel }: ConfirmAnswerProps) {
  return (
    <ConfirmStep
      testId="confirm"
      confirming={choice.action}
      {...(choice.rules === undefined ? {} : { rules: choice.rules.join(' + ') })}
      question={confirmQuestion(choice, risk)}
      confirmText={confirmLabel(choice, tool)}
      sending={sending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
