import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';

// The reader, its preview and its save load on the box's first focus (decision 050): the work
// logs page's first load stays within its budget.
const QuickEntryPanel = lazy(() => import('./quick-entry-panel'));

export const QUICK_ENTRY_FIELD_ID = 'quick-entry';

/**
 * "Quick add": one line read as a shift. Enter shows what it reads; Enter again (or Save) adds
 * it through the same route as the dialog. docs/product/screens.md#quick-add.
 */
export function QuickEntryBox() {
  const [text, setText] = useState('');
  // How many times Enter was pressed: the panel answers each press once, even one made while
  // it was still loading.
  const [presses, setPresses] = useState(0);
  const [wanted, setWanted] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const problemsId = `${id}-problems`;

  return (
    <section
      data-testid="quick-entry-section"
      aria-labelledby={`${id}-label`}
      className="mb-4 grid gap-2 rounded-xl border bg-card p-3 sm:p-4"
    >
      <label id={`${id}-label`} htmlFor={QUICK_ENTRY_FIELD_ID} className="font-medium text-sm">
        Quick add
      </label>
      <Input
        ref={field}
        id={QUICK_ENTRY_FIELD_ID}
        value={text}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="done"
        placeholder="ER tomorrow 22-6:30 b30 charge"
        aria-describedby={`${hintId} ${problemsId}`}
        aria-invalid={invalid || undefined}
        onFocus={() => setWanted(true)}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
          event.preventDefault();
          setWanted(true);
          setPresses((n) => n + 1);
        }}
      />
      <p id={hintId} className="text-muted-foreground text-xs">
        Employer or department, day, times, break and premiums. Enter shows the shift, Enter again
        saves it.
      </p>
      {wanted ? (
        <Suspense fallback={null}>
          <QuickEntryPanel
            text={text}
            presses={presses}
            field={field}
            problemsId={problemsId}
            onInvalidChange={setInvalid}
            onSaved={() => setText('')}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
