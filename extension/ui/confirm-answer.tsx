import type { Risk } from '../../shared/contract/index.ts';
import type { ActionKey } from './card-actions.ts';
import { ConfirmStep } from './confirm-step.tsx';
import { confirmLabel, confirmQuestion } from './friction.ts';

interface ConfirmAnswerProps {
  action: ActionKey;
  tool: string;
  risk: Risk;
  sending: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** The confirm step of a wider answer (friction.ts says which): what it allows, and for how long. */
export function ConfirmAnswer({ action, tool, risk, sending, onConfirm, onCancel }: ConfirmAnswerProps) {
  return (
    <ConfirmStep
      testId="confirm"
      confirming={action}
      question={confirmQuestion(action, risk)}
      confirmText={confirmLabel(action, tool)}
      sending={sending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
