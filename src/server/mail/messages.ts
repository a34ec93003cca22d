import { type Block, renderMail } from './render.ts';
import type { MailMessage } from './transport.ts';

/** The issuing features use the same numbers, so the mail tells the truth. */
export const TEMPORARY_PASSWORD_TTL_MINUTES = 30;
export const EMAIL_CHANGE_TTL_HOURS = 24;

const greeting = (name: string | null | undefined): Block => ({
  text: name?.trim() ? `Hello ${name.trim()},` : 'Hello,',
});

export const verifyEmailLink = (baseUrl: string, token: string) =>
  `${baseUrl.replace(/\/+$/, '')}/verify-email?token=${encodeURIComponent(token)}`;

export const forgotPasswordCodeLink = (baseUrl: string, email: string) =>
  `${baseUrl.replace(/\/+$/, '')}/forgot-password?email=${encodeURIComponent(email)}&step=code`;

// docs/product/deviations.md#1-forgot-password-mails-the-temporary-password
export function temporaryPasswordMail(input: {
  to: string;
  name?: string | null;
  temporaryPassword: string;
  baseUrl?: string | undefined;
}): MailMessage {
  return renderMail(input.to, 'Your Hourbook temporary password', [
    greeting(input.name),
    {
      text: 'Someone asked to reset the password of your Hourbook account. Your temporary password is:',
    },
    { code: input.temporaryPassword },
    {
      text: `It works once, within ${TEMPORARY_PASSWORD_TTL_MINUTES} minutes. Enter it on the Forgot password page, then choose a new password.`,
    },
    ...(input.baseUrl
      ? [
          {
            link: forgotPasswordCodeLink(input.baseUrl, input.to),
            label: 'Enter it on the Forgot password page',
          },
        ]
      : []),
    {
      text: 'Only the newest temporary password works: one mailed before this one no longer does.',
    },
    {
      note: 'If you did not ask for this, you can ignore this mail: your password stays as it is.',
    },
  ]);
}

export function adminTemporaryPasswordMail(input: {
  to: string;
  name?: string | null;
  adminName: string;
  temporaryPassword: string;
  signInUrl: string;
}): MailMessage {
  return renderMail(input.to, 'Your Hourbook temporary password', [
    greeting(input.name),
    {
      text: `${input.adminName}, an administrator of Hourbook, made you a temporary password:`,
    },
    { code: input.temporaryPassword },
    {
      text: `Sign in with it within ${TEMPORARY_PASSWORD_TTL_MINUTES} minutes; you will then choose a new password. It works once.`,
    },
    { link: input.signInUrl, label: 'Sign in to Hourbook' },
    {
      note: 'Your current password keeps working until you choose a new one. If you did not expect this, tell your administrator.',
    },
  ]);
}

export function emailChangeVerificationMail(input: {
  to: string;
  name?: string | null;
  baseUrl: string;
  token: string;
}): MailMessage {
  return renderMail(input.to, 'Confirm your new Hourbook e-mail address', [
    greeting(input.name),
    {
      text: `You asked to use ${input.to} as the e-mail address of your Hourbook account. Open this link to confirm it:`,
    },
    { link: verifyEmailLink(input.baseUrl, input.token), label: 'Confirm e-mail address' },
    {
      text: `The link expires in ${EMAIL_CHANGE_TTL_HOURS} hours. Until it is opened, your account keeps its current address.`,
    },
    { note: 'If you did not ask for this, you can ignore this mail.' },
  ]);
}

/** To the OLD address, without the link, so a hijack gets noticed. */
export function emailChangeNoticeMail(input: {
  to: string;
  name?: string | null;
  newEmail: string;
}): MailMessage {
  return renderMail(input.to, 'Your Hourbook e-mail address is being changed', [
    greeting(input.name),
    {
      text: `Someone signed in to your Hourbook account asked to change its e-mail address from ${input.to} to ${input.newEmail}.`,
    },
    {
      text: `The change takes effect only when the link sent to ${input.newEmail} is opened, within ${EMAIL_CHANGE_TTL_HOURS} hours. Until then you keep signing in with ${input.to}.`,
    },
    { note: 'If this was not you, sign in and change your password right away.' },
  ]);
}

export function emailConfirmationMail(input: {
  to: string;
  name?: string | null;
  baseUrl: string;
  token: string;
}): MailMessage {
  return renderMail(input.to, 'Confirm your Hourbook e-mail address', [
    greeting(input.name),
    {
      text: `Open this link to confirm that ${input.to} is the e-mail address of your Hourbook account:`,
    },
    { link: verifyEmailLink(input.baseUrl, input.token), label: 'Confirm e-mail address' },
    { text: `The link expires in ${EMAIL_CHANGE_TTL_HOURS} hours and works once.` },
    { note: 'If you did not ask for this, you can ignore this mail.' },
  ]);
}

/** On every admin-issued temporary password, so a reset nobody asked for gets noticed. */
export function adminTemporaryPasswordNoticeMail(input: {
  to: string;
  name?: string | null;
  adminName: string;
  adminEmail: string;
  issuedAt: Date;
}): MailMessage {
  const when = `${input.issuedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return renderMail(input.to, 'An administrator made you a temporary Hourbook password', [
    greeting(input.name),
    {
      text: `${input.adminName} (${input.adminEmail}), an administrator of Hourbook, made a temporary password for your account on ${when}.`,
    },
    {
      text: `It works once, within ${TEMPORARY_PASSWORD_TTL_MINUTES} minutes, and your current password keeps working until you choose a new one. The administrator gives it to you themselves; this mail does not contain it.`,
    },
    {
      note: `If this wasn't expected, contact ${input.adminEmail}, or another administrator of your Hourbook, and change your password after you next sign in.`,
    },
  ]);
}

const REMINDER_NOTE =
  'You get this because reminders are on. Turn them off in Hourbook on the Pay page.';

/** The day a period ends, when its timesheet is due the next day (reminders are opt-in). */
export function timesheetDueMail(input: {
  to: string;
  name?: string | null;
  employer: string;
  period: string;
  due: string;
}): MailMessage {
  return renderMail(input.to, `Your ${input.employer} timesheet is due tomorrow`, [
    greeting(input.name),
    {
      text: `Your timesheet for ${input.employer}, ${input.period}, is due tomorrow (${input.due}).`,
    },
    { text: 'Prepare it in Hourbook under Timesheet Reports.' },
    { note: REMINDER_NOTE },
  ]);
}

/** A payday gone by with nothing recorded for the period. */
export function paydayMissedMail(input: {
  to: string;
  name?: string | null;
  employer: string;
  period: string;
  payday: string;
  expected: string;
}): MailMessage {
  return renderMail(input.to, `No payment recorded from ${input.employer} for ${input.period}`, [
    greeting(input.name),
    {
      text: `Payday for ${input.employer}, ${input.period}, was ${input.payday}, and no payment for it is recorded. Expected: ${input.expected}.`,
    },
    { text: 'If it has arrived, record it in Hourbook under Pay; if not, it may be worth asking.' },
    { note: REMINDER_NOTE },
  ]);
}
