export {
  useGenerateTemporaryPassword,
  useSendTemporaryPasswordEmail,
} from './api/admin-temporary-password';
export { getGmailAuthUrl, useRevokeGmail } from './api/connect-gmail';
export { gmailStatusQueryKey, gmailStatusQueryOptions, useGmailStatus } from './api/gmail-status';
export {
  isGmailNotAuthorized,
  SEND_POLL_MS,
  type SendGmailRequest,
  useMailSend,
  useResendGmail,
  useSendGmail,
} from './api/send-gmail';
export {
  LazyMailAccountCard as MailAccountCard,
  preloadMailAccountCard,
} from './components/lazy-mail-account-card';
export { gmailUsable } from './gmail-usable';
