import { Button } from '@/components/ui/button';

/** Back and the step's own action, as the verify and reset steps of Forgot Password show them. */
export function StepActions({
  pending,
  label,
  pendingLabel,
  onBack,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  onBack: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row">
      <Button
        type="button"
        variant="outline"
        className="sm:flex-1"
        onClick={onBack}
        disabled={pending}
      >
        Back
      </Button>
      <Button type="submit" className="sm:flex-1" loading={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
