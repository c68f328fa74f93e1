import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

/** A file sent with a mail: its content base64 (as the outbox keeps it). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[] | null;
}

export interface Mailer {
  /** `smtp`: sent through SMTP_URL; `outbox`: written as .eml files into the data folder. */
  kind: 'smtp' | 'outbox';
  outboxDir: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Mail over SMTP_URL; with no setting, each message becomes an .eml file in `<dataDir>/outbox/`. */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>): Mailer {
  const outboxDir = path.join(config.dataDir, 'outbox');
  // Quoted-printable keeps links readable in the raw message (and in the .eml files).
  const common = { from: config.MAIL_FROM, textEncoding: 'quoted-printable' as const };
  const nodemailerMessage = ({ attachments, ...message }: MailMessage) => ({
    ...common,
    ...message,
    attachments: (attachments ?? []).map((a) => ({ ...a, encoding: 'base64' })),
  });

  if (config.SMTP_URL) {
    // Bounded waits: a mail is claimed for MAIL_CLAIM_LEASE while it is sent (features/mail/sender.ts).
    const transport = nodemailer.createTransport(config.SMTP_URL, {
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    return {
      kind: 'smtp',
      outboxDir,
      send: async (message) => {
        await transport.sendMail(nodemailerMessage(message));
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    outboxDir,
    send: async (message) => {
      const info = await transport.sendMail(nodemailerMessage(message));
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(outboxDir, name), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
