import nodemailer from 'nodemailer';
import type { MailMessage, MailTransport } from './index';

/** nodemailer over SMTP, from `SMTP_URL` (smtp://user:pass@host:port or smtps://…). */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async deliver(message: MailMessage) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
      return 'sent';
    },
    async close() {
      transporter.close();
    },
  };
}
