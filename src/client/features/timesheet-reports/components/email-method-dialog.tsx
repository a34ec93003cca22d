import { useRef, useState } from 'react';
import { ChooseMethodDialog } from './choose-method-dialog';
import { ComposeEmailDialog } from './compose-email-dialog';
import { type EmailDraft, type EmailTarget, initialDraft } from './report-email';

export type EmailStep = 'choose' | 'compose';

type EmailMethodDialogProps = {
  /** The report to send; null: nothing is being sent (the dialogs are closed). */
  target: EmailTarget | null;
  senderName: string;
  start?: EmailStep;
  onClose: () => void;
};

/** The user can go between the methods and back; what they wrote comes along. */
export function EmailMethodDialog(props: EmailMethodDialogProps) {
  // Each report starts afresh: the steps and the draft belong to one target.
  return <EmailFlow key={props.target?.timesheet.id ?? 'closed'} {...props} />;
}

function EmailFlow({ target, senderName, start = 'choose', onClose }: EmailMethodDialogProps) {
  const [step, setStep] = useState<EmailStep>(start);
  const [draft, setDraft] = useState<EmailDraft | null>(() =>
    target ? initialDraft(target, senderName) : null,
  );
  // What had focus when the flow opened (Generate Report, a history row's Email) gets it back.
  const [opener] = useState(() => document.activeElement);
  const closing = useRef(false);
  if (!target || !draft) return null;

  const close = () => {
    closing.current = true;
    onClose();
  };
  // Radix would focus a trigger these dialogs do not have. Between the two dialogs, the one
  // opening has taken focus already; when both close, it goes back where it came from.
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    if (closing.current && opener instanceof HTMLElement && opener.isConnected) opener.focus();
  };

  return (
    <>
      <ChooseMethodDialog
        open={step === 'choose'}
        target={target}
        draft={draft}
        onGmail={() => setStep('compose')}
        onClose={close}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <ComposeEmailDialog
        open={step === 'compose'}
        target={target}
        draft={draft}
        onBack={(written) => {
          setDraft(written);
          setStep('choose');
        }}
        onClose={close}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </>
  );
}

export default EmailMethodDialog;
