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
