import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { toast } from '@/components/ui/use-toast';
import {
  gmailStatusQueryKey,
  isGmailNotAuthorized,
  type SendGmailRequest,
  useGmailStatus,
  useMailSend,
  useResendGmail,
  useSendGmail,
} from '@/features/mail-account';
import { ApiError, isSessionEnded } from '@/lib/api-client';
import {
  attachmentMessages,
  GMAIL_UNCONFIRMED,
  type MailSend,
} from '../../../../shared/schemas/mail-account.ts';
import { timesheetKeys } from '../api/get-timesheets';

/** How long the dialog waits for Gmail before saying the message stays queued. */
export const QUEUED_NOTICE_MS = 10_000;
export const SEND_FAILED = 'Failed to send email via Gmail. Please try again or use manual email.';

/**
 * idle: being written. posting: handed to the server. sending: queued, watched until Gmail
 * takes it. queued: still waiting after QUEUED_NOTICE_MS; the server sends it when it can.
 */
export type SendPhase = 'idle' | 'posting' | 'sending' | 'queued';
/** 'unconfirmed': Gmail got the message and never answered, so it may have been sent. */
export type SendProblem = 'not-connected' | 'expired' | 'failed' | 'unconfirmed';

type Options = {
  /** The server's messages per field (to, subject, body, attachment); true when any showed. */
  onFieldErrors: (errors: Record<string, string>) => boolean;
  onSent: (send: MailSend) => void;
};

/** Checks the connection, posts, then follows the queued send until it is sent or failed. */
export function useSendReportEmail({ onFieldErrors, onSent }: Options) {
  const queryClient = useQueryClient();
  const gmail = useGmailStatus();
  const mutation = useSendGmail();
  const [phase, setPhase] = useState<SendPhase>('idle');
  const [problem, setProblem] = useState<SendProblem | null>(null);
  const [sendId, setSendId] = useState<number | null>(null);
  /** Gmail's reason for the last failure, shown in the dialog (the toast keeps its fixed words). */
  const [reason, setReason] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState<MailSend | null>(null);
  const resend = useResendGmail();
  // Set at once, before React renders again: a second submit in the same tick sends nothing.
  const busy = useRef(false);
  const watched = useMailSend(sendId).data;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const settled = useCallback(
    (send: MailSend) => {
      clearTimeout(timer.current);
      setSendId(null);
      busy.current = false;
      if (send.status === 'sent') {
        toast({
          title: 'Email Sent Successfully',
          description: `The email to ${send.to} was sent.`,
          variant: 'success',
        });
        void queryClient.invalidateQueries({ queryKey: timesheetKeys.all });
        onSent(send);
        return;
      }
      setPhase('idle');
      if (send.status === 'unconfirmed') {
        // It may have arrived: not sent again unless the user says so.
        setProblem('unconfirmed');
        setUnconfirmed(send);
        toast({
          title: 'Gmail Did Not Confirm',
          description: GMAIL_UNCONFIRMED,
          variant: 'destructive',
        });
        return;
      }
      // Gmail refused the grant while the message waited: the "expired" of docs/product/screens.md#messages, rechecked.
      if (isGmailNotAuthorized(send.error ?? '')) {
        setProblem('expired');
        void queryClient.invalidateQueries({ queryKey: gmailStatusQueryKey });
        toast({
          title: 'Gmail Authorization Expired',
          description: 'Please reconnect your Gmail account and try again.',
          variant: 'destructive',
        });
        return;
      }
      setProblem('failed');
      setReason(send.error);
      toast({ title: 'Email Send Failed', description: SEND_FAILED, variant: 'destructive' });
    },
    [queryClient, onSent],
  );

  useEffect(() => {
    if (watched && watched.id === sendId && watched.status !== 'queued') settled(watched);
  }, [watched, sendId, settled]);

  const refused = (error: unknown) => {
    busy.current = false;
    // Rendered at once: a field error focuses its field, which a disabled fieldset refuses.
    flushSync(() => setPhase('idle'));
    if (isSessionEnded(error)) return;
    if (isGmailNotAuthorized(error)) {
      setProblem('expired');
      toast({
        title: 'Gmail Authorization Expired',
        description: 'Please reconnect your Gmail account and try again.',
        variant: 'destructive',
      });
      return;
    }
    if (error instanceof ApiError && error.status === 413) {
      onFieldErrors({ attachment: attachmentMessages.size.description });
      toast({ ...attachmentMessages.size, variant: 'destructive' });
      return;
    }
    if (error instanceof ApiError && error.errors && onFieldErrors(error.errors)) return;
    setProblem('failed');
    setReason(error instanceof ApiError ? error.message : null);
    toast({ title: 'Email Send Failed', description: SEND_FAILED, variant: 'destructive' });
  };

  const send = async (request: SendGmailRequest) => {
    if (phase !== 'idle' || busy.current) return;
    const status = gmail.data;
    if (status && (!status.authorized || status.needsReauth)) {
      setProblem(status.needsReauth ? 'expired' : 'not-connected');
      toast({
        title: status.needsReauth ? 'Gmail Authorization Expired' : 'Gmail Not Connected',
        description: status.needsReauth
          ? 'Please reconnect your Gmail account and try again.'
          : 'Please connect your Gmail account first.',
        variant: 'destructive',
      });
      return;
    }
    setProblem(null);
    setReason(null);
    setUnconfirmed(null);
    busy.current = true;
    setPhase('posting');
    let answer: MailSend;
    try {
      answer = await mutation.mutateAsync(request);
    } catch (error) {
      refused(error);
      return;
    }
    if (answer.status !== 'queued') {
      settled(answer);
      return;
    }
    setPhase('sending');
    setSendId(answer.id);
    timer.current = setTimeout(
      () => setPhase((now) => (now === 'sending' ? 'queued' : now)),
      QUEUED_NOTICE_MS,
    );
  };

  const sendAgain = async () => {
    const previous = unconfirmed;
    if (!previous || phase !== 'idle' || busy.current) return;
    busy.current = true;
    setPhase('posting');
    let answer: MailSend;
    try {
      answer = await resend.mutateAsync(previous.id);
    } catch (error) {
      refused(error);
      return;
    }
    setProblem(null);
    setUnconfirmed(null);
    setPhase('sending');
    setSendId(answer.id);
    timer.current = setTimeout(
      () => setPhase((now) => (now === 'sending' ? 'queued' : now)),
      QUEUED_NOTICE_MS,
    );
  };

  return { phase, problem, reason, send, sendAgain };
}
