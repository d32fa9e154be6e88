import type { MailMessage } from '../adapters/mail';
import { renderMail } from '../adapters/mail/render';

/** The mails Better Auth asks us to send. */
export const authEmails = {
  verification(to: string, url: string): MailMessage {
    return {
      to,
      kind: 'verification',
      access: { link: url },
      subject: 'Confirm your e-mail for Vidvisor',
      ...renderMail({
        heading: 'Confirm your e-mail',
        paragraphs: [
          'Thanks for signing up to Vidvisor. Confirm this address to sign in and set up your business profile.',
          'If you did not sign up, ignore this mail: no account is opened until the address is confirmed.',
        ],
        action: { label: 'Confirm my e-mail', url },
      }),
    };
  },
  passwordReset(to: string, url: string): MailMessage {
    return {
      to,
      kind: 'password-reset',
      access: { link: url },
      subject: 'Reset your Vidvisor password',
      ...renderMail({
        heading: 'Reset your password',
        paragraphs: [
          'Someone (hopefully you) asked to reset the password of this Vidvisor account.',
          'The link works once, for one hour. If it was not you, ignore this mail; your password stays as it is.',
        ],
        action: { label: 'Choose a new password', url },
      }),
    };
  },
  magicLink(to: string, url: string): MailMessage {
    return {
      to,
      kind: 'magic-link',
      access: { link: url },
      subject: 'Your Vidvisor sign-in link',
      ...renderMail({
        heading: 'Sign in to Vidvisor',
        paragraphs: ['Use this link to sign in. It works once, for five minutes.'],
        action: { label: 'Sign in', url },
      }),
    };
  },
  oneTimeCode(to: string, code: string, purpose: string): MailMessage {
    return {
      to,
      kind: `one-time-code:${purpose}`,
      access: { code },
      subject: `Your Vidvisor code: ${code}`,
      ...renderMail({
        heading: 'Your one-time code',
        paragraphs: ['Enter this code in Vidvisor to continue. It works once, for five minutes.'],
        code,
      }),
    };
  },
  welcome(user: { id: string; email: string; name: string }, dashboardUrl: string): MailMessage {
    return {
      to: user.email,
      userId: user.id,
      kind: 'welcome',
      subject: 'Welcome to Vidvisor',
      ...renderMail({
        heading: `Welcome, ${user.name}!`,
        paragraphs: [
          'Vidvisor turns the business videos you watch into a consultation about your own business.',
          'Three steps to your first one: fill in your business profile, pick a plan (Free is fine to start), then paste a YouTube link or a transcript.',
        ],
        action: { label: 'Open Vidvisor', url: dashboardUrl },
      }),
    };
  },
};
