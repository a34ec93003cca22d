import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { toast } from '@/components/ui/use-toast';
import { isSessionEnded } from '@/lib/api-client';
import { type SaveTimings, useSaveState } from '@/lib/use-save-state';
import {
  GMAIL_POPUP_MESSAGE,
  type GmailPopupMessage,
  type GmailStatus,
} from '../../../../shared/schemas/mail-account.ts';
import { getGmailAuthUrl, useRevokeGmail } from '../api/connect-gmail';
import { gmailStatusQueryKey } from '../api/gmail-status';
import { gmailUsable } from '../gmail-usable';

/** docs/product/screens.md#states. */
export const POPUP_CLOSED_CHECK_MS = 1000;
export const REFETCH_AFTER_CLOSE_MS = 1000;
export const STATUS_POLL_MS = 2000;
export const STATUS_POLL_LIMIT_MS = 5 * 60_000;
export const SUCCESS_RESET_MS = 2000;
export const ERROR_RESET_MS = 3000;

const POPUP_NAME = 'hourbook-gmail';
/** The channel the callback page also tells on (src/client/public/gmail-callback.js). */
const CHANNEL = 'hourbook:gmail';
const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;

export const CONNECT_FAILED = 'Failed to connect Gmail. Please try again.';
export const INITIATE_FAILED = 'Failed to initiate Gmail authorization. Please try again.';
export const DISCONNECT_FAILED = 'Failed to disconnect Gmail. Please try again.';
export const MISSING_SEND_PERMISSION =
  'The permission "Send email on your behalf" was not given, so Gmail was not connected. Please connect again and tick that permission on Google\'s screen.';

function connectFailure(code: string | undefined): string {
  return code === 'missing-send-scope' ? MISSING_SEND_PERMISSION : CONNECT_FAILED;
}

const actionTimings = {
  errorResetMs: ERROR_RESET_MS,
  closeAfterMs: SUCCESS_RESET_MS,
} satisfies SaveTimings;

/** Size: docs/product/screens.md#limits-and-timings. */
function popupFeatures(): string {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  return `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)},popup=yes`;
}

/** postMessage is trusted only from our origin and our popup; the channel (`popup` null) is same-origin anyway. */
function readPopupMessage(event: MessageEvent, popup: Window | null): GmailPopupMessage | null {
  if (popup && (event.origin !== window.location.origin || event.source !== popup)) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Partial<GmailPopupMessage>;
  if (message.type !== GMAIL_POPUP_MESSAGE) return null;
  if (message.result !== 'connected' && message.result !== 'error') return null;
  return message as GmailPopupMessage;
}

type Session = { popup: Window; timers: Set<ReturnType<typeof setTimeout>>; stop: () => void };

/**
 * Connect opens the popup inside the click (so pop-up blockers let it through), then points it
 * at the consent page; the result comes by message, by status polling, or after the popup closes.
 */
export function useGmailConnect({ connected }: { connected: boolean }) {
  const queryClient = useQueryClient();
  const revoke = useRevokeGmail();
  const {
    state: connectState,
    start: startConnect,
    succeed: showConnected,
    fail: failConnect,
    reset: resetConnect,
  } = useSaveState(actionTimings);
  const {
    state: disconnectState,
    start: startDisconnect,
    succeed: showDisconnected,
    fail: failDisconnect,
    reset: resetDisconnect,
  } = useSaveState(actionTimings);
  const session = useRef<Session | null>(null);
  const refetchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refetchStatus = useCallback(
    () => queryClient.refetchQueries({ queryKey: gmailStatusQueryKey }),
    [queryClient],
  );

  const endSession = useCallback(() => {
    session.current?.stop();
    session.current = null;
  }, []);

  useEffect(
    () => () => {
      endSession();
      clearTimeout(refetchTimer.current);
    },
    [endSession],
  );

  const succeed = useCallback(() => {
    if (!session.current) return;
    endSession();
    // Shown as connected at once; the refetch a moment later brings the address.
    queryClient.setQueryData<GmailStatus>(gmailStatusQueryKey, (old) =>
      old ? { ...old, authorized: true, needsReauth: false } : old,
    );
    showConnected(resetConnect);
    toast({
      title: 'Gmail Connected',
      description: 'Timesheets can now be sent from your Gmail account.',
      variant: 'success',
    });
  }, [endSession, showConnected, resetConnect, queryClient]);

  const fail = useCallback(
    (description: string) => {
      if (!session.current) return;
      const { popup } = session.current;
      endSession();
      if (!popup.closed) popup.close();
      failConnect();
      toast({ title: 'Connection Error', description, variant: 'destructive' });
    },
    [endSession, failConnect],
  );

  // Polling found the account authorized: that is a success too.
  useEffect(() => {
    if (connected) succeed();
  }, [connected, succeed]);

  const watch = useCallback(
    (popup: Window): Session => {
      const timers = new Set<ReturnType<typeof setTimeout>>();
      // The provider's pages may cut the popup's link to this window (their Cross-Origin-Opener-
      // Policy): the callback page then tells on this same-origin channel instead.
      const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
      const stopWatching = () => {
        window.removeEventListener('message', onWindowMessage);
        channel?.close();
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
      };
      const onWindowMessage = (event: MessageEvent) => onMessage(readPopupMessage(event, popup));
      // Any page of this origin can speak on the channel (a crafted link to the callback page
      // too): what it says is believed only once the status confirms it.
      if (channel) {
        channel.onmessage = (event) => {
          const message = readPopupMessage(event, null);
          if (!message) return;
          void refetchStatus().then(() => {
            const status = queryClient.getQueryData<GmailStatus>(gmailStatusQueryKey);
            if (gmailUsable(status)) succeed();
            else if (message.result === 'error') fail(connectFailure(message.error));
          });
        };
      }
      function onMessage(message: GmailPopupMessage | null) {
        if (!message) return;
        if (message.result === 'connected') {
          succeed();
          clearTimeout(refetchTimer.current);
          refetchTimer.current = setTimeout(() => void refetchStatus(), REFETCH_AFTER_CLOSE_MS);
        } else {
          // The popup itself already showed the reason.
          fail(connectFailure(message.error));
        }
      }
      window.addEventListener('message', onWindowMessage);
      let closedSeen = false;
      const closedCheck = setInterval(() => {
        if (!popup.closed) return;
        // A popup whose link was cut reads as closed while still open: the buttons come back,
        // but the channel and the status poll keep listening until the deadline.
        closedSeen = true;
        clearInterval(closedCheck);
        timers.add(
          setTimeout(async () => {
            await refetchStatus().catch(() => {});
            if (session.current?.popup !== popup) return;
            const status = queryClient.getQueryData<GmailStatus>(gmailStatusQueryKey);
            if (gmailUsable(status)) succeed();
            else resetConnect();
          }, REFETCH_AFTER_CLOSE_MS),
        );
      }, POPUP_CLOSED_CHECK_MS);
      const poll = setInterval(() => void refetchStatus(), STATUS_POLL_MS);
      const deadline = setTimeout(
        () => (closedSeen ? endSession() : fail(CONNECT_FAILED)),
        STATUS_POLL_LIMIT_MS,
      );
      for (const timer of [closedCheck, poll, deadline]) timers.add(timer);
      return { popup, timers, stop: stopWatching };
    },
    [queryClient, refetchStatus, succeed, fail, endSession, resetConnect],
  );

  /** Must run inside the click handler: the popup is opened before anything is awaited. */
  const connect = useCallback(() => {
    if (session.current && !session.current.popup.closed) {
      session.current.popup.focus();
      return;
    }
    endSession();
    const popup = window.open('', POPUP_NAME, popupFeatures());
    if (!popup) {
      failConnect();
      toast({
        title: 'Pop-up Blocked',
        description: 'Please allow pop-ups for this site to connect Gmail, then try again.',
        variant: 'destructive',
      });
      return;
    }
    startConnect();
    session.current = watch(popup);
    getGmailAuthUrl().then(
      (authUrl) => {
        if (session.current?.popup === popup) popup.location.href = authUrl;
      },
      () => {
        if (session.current?.popup !== popup) return;
        fail(INITIATE_FAILED);
        // Perhaps the server lost its Google client meanwhile: the card then says so.
        void refetchStatus();
      },
    );
  }, [watch, fail, refetchStatus, startConnect, failConnect, endSession]);

  const disconnect = useCallback(() => {
    startDisconnect();
    revoke.mutate(undefined, {
      onSuccess: () => {
        showDisconnected(resetDisconnect);
        toast({
          title: 'Gmail Disconnected',
          description: 'Timesheets are no longer sent from your Gmail account.',
          variant: 'success',
        });
      },
      onError: (error) => {
        failDisconnect();
        if (isSessionEnded(error)) return;
        toast({
          title: 'Disconnection Error',
          description: DISCONNECT_FAILED,
          variant: 'destructive',
        });
      },
    });
  }, [revoke.mutate, startDisconnect, showDisconnected, resetDisconnect, failDisconnect]);

  return { connectState, disconnectState, connect, disconnect };
}
