import type { MailMessage } from './mailer';

/** Mails written as text: escaped for their HTML part, a paragraph each. */

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A mail of paragraphs: the text with blank lines between them, and the same as HTML paragraphs, escaped. */
export function textMail(to: string, subject: string, paragraphs: readonly string[]): MailMessage {
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: `<!doctype html><html lang="az"><body>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</body></html>`,
  };
}
