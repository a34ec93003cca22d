import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import type { ShiftQuestion } from './shift-questions';

type ShiftQuestionPanelProps = {
  question: ShiftQuestion;
  onSaveAnyway: () => void;
  onGoBack: () => void;
};

/** Takes the focus (on "Go back", the safe answer), so a screen-reader user hears it at once. */
export function ShiftQuestionPanel({ question, onSaveAnyway, onGoBack }: ShiftQuestionPanelProps) {
  const goBack = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    goBack.current?.focus();
  }, []);
  const detailId = `shift-question-${question.kind}-detail`;
  return (
    <fieldset
      aria-describedby={detailId}
      data-testid="shift-question"
      className="grid min-w-0 gap-3 rounded-lg border border-warning bg-warning/15 p-4 text-sm"
    >
      <legend className="sr-only">{question.title}</legend>
      <div className="flex items-start gap-2">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-foreground" />
        <div className="grid min-w-0 gap-1 [overflow-wrap:anywhere]">
          <p aria-hidden="true" className="font-semibold">
            {question.title}
          </p>
          <p id={detailId} className="text-muted-foreground">
            {question.detail}
          </p>
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button ref={goBack} type="button" variant="outline" onClick={onGoBack}>
          Go back
        </Button>
        <Button type="button" onClick={onSaveAnyway}>
          Save anyway
        </Button>
      </div>
    </fieldset>
  );
}
