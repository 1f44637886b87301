import nodemailer from 'nodemailer';
import type { EmailTransport } from './transports';

export function createSmtpTransport(url: string, from: string): EmailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async sendEmail(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
    close() {
      transporter.close();
    },
  };
}
