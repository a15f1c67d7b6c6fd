import { useRef, useState, type ReactNode } from "react";
import { ConfirmDialog } from "./ui/confirm-dialog";

// The one confirmation of implausible values (decision 0981): a form collects its questions
// (lib/plausibility.ts) and awaits the answer before it sends anything.

export function usePlausibilityConfirmation(): {
  confirmValues: (questions: (string | null)[]) => Promise<boolean>;
  dialog: ReactNode;
} {
  const [questions, setQuestions] = useState<string[]>([]);
  const answer = useRef<((isConfirmed: boolean) => void) | null>(null);

  function finish(isConfirmed: boolean): void {
    answer.current?.(isConfirmed);
    answer.current = null;
    setQuestions([]);
  }

  function confirmValues(candidates: (string | null)[]): Promise<boolean> {
    const open = candidates.filter((question): question is string => question !== null);
    if (open.length === 0) return Promise.resolve(true);
    setQuestions(open);
    return new Promise((resolve) => {
      answer.current = resolve;
    });
  }

  const dialog = (
    <ConfirmDialog
      isOpen={questions.length > 0}
      onOpenChange={(isOpen) => (isOpen ? undefined : finish(false))}
      title="Ungewöhnlichen Wert prüfen"
      description={
        questions.length === 1 ? (
          questions[0]
        ) : (
          <span className="block space-y-2">
            {questions.map((question) => (
              <span key={question} className="block">
                {question}
              </span>
            ))}
          </span>
        )
      }
      confirmLabel="Ja, Wert ist richtig"
      cancelLabel="Nein, korrigieren"
      onConfirm={() => finish(true)}
    />
  );
  return { confirmValues, dialog };
}
