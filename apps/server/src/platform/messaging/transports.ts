import nodemailer from 'nodemailer';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface EmailTransport {
  sendEmail(message: EmailMessage): Promise<void>;
  close(): void;
}

/** The interface an SMS provider adapter implements (none ships yet; SMS stays in the outbox). */
export interface SmsTransport {
  sendSms(to: string, text: string): Promise<void>;
}

export interface Transports {
  email: EmailTransport | null;
  sms: SmsTransport | null;
}

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
