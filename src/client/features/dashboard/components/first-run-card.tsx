import { Building2, CheckCircle2, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

type FirstRunProps = {
  hasEmployer: boolean;
  onAddEmployer: () => void;
  onLogShift: () => void;
};

function Step({
  number,
  done,
  title,
  text,
  children,
}: {
  number: number;
  done: boolean;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <span
        className={cn(
          'flex size-7 shrink-0 items-center justify-center rounded-full font-semibold text-sm',
          done ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300' : 'bg-muted',
        )}
      >
        {done ? <CheckCircle2 className="size-4" aria-label="Done" /> : number}
      </span>
      <div className="min-w-0 flex-1 space-y-2">
        <h3 className={cn('font-medium', done && 'text-muted-foreground line-through')}>{title}</h3>
        <p className="text-muted-foreground text-sm">{text}</p>
        {done ? null : children}
      </div>
    </li>
  );
}

export function FirstRunCard({ hasEmployer, onAddEmployer, onLogShift }: FirstRunProps) {
  return (
    <Card className="border-primary/40 p-5 sm:p-6" aria-labelledby="first-run-title">
      <h2 id="first-run-title" className="font-semibold text-lg">
        Get started in two steps
      </h2>
      <p className="mt-1 text-muted-foreground text-sm">
        Your hours, earnings and shifts show up here once you have logged your first shift.
      </p>
      <ol className="mt-5 grid gap-5 md:grid-cols-2">
        <Step
          number={1}
          done={hasEmployer}
          title="Add an employer"
          text="Who you work for and your hourly rate."
        >
          <Button onClick={onAddEmployer}>
            <Building2 aria-hidden="true" />
            Add your first employer
          </Button>
        </Step>
        <Step
          number={2}
          done={false}
          title="Log a shift"
          text="When you started and finished, and any break."
        >
          <Button
            onClick={onLogShift}
            variant={hasEmployer ? 'default' : 'outline'}
            disabled={!hasEmployer}
          >
            <Clock aria-hidden="true" />
            Log your first shift
          </Button>
          {hasEmployer ? null : (
            <p className="text-muted-foreground text-xs">Add an employer first.</p>
          )}
        </Step>
      </ol>
    </Card>
  );
}
