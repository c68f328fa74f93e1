import type { OnlineAction, OnlineRequestKind } from '@dnx/shared';
import { escapeHtml } from '../../lib/mail-text';
import type { MailMessage } from '../../lib/mailer';

const what = { carrier: 'daşıyıcı kimi qeydiyyat müraciətiniz', payment: 'fərqlənmə nişanları üçün müraciətiniz' };

function mail(to: string, subject: string, paragraphs: string[], link: string): MailMessage {
  return {
    to,
    subject,
    text: `Salam!\n\n${paragraphs.join('\n\n')}\n\n${link}\n`,
    html:
      `<!doctype html><html lang="az"><body><p>Salam!</p>` +
      paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
      `<p><a href="${escapeHtml(link)}">Müraciətin vəziyyəti</a></p></body></html>`,
  };
}

/** The tracking code, right after the request is taken. */
export function submittedMail(to: string, kind: OnlineRequestKind, code: string, link: string): MailMessage {
  return mail(
    to,
    `Müraciətiniz qəbul edildi: ${code}`,
    [
      `Onlayn ${what[kind]} qəbul edildi. İzləmə kodu: ${code}.`,
      'Vəziyyəti bu kod və VÖEN ilə aşağıdakı səhifədə yoxlaya bilərsiniz.',
    ],
    link,
  );
}

/** The staff's decision: approved or accepted, or rejected with its reason. */
export function decisionMail(
  to: string,
  kind: OnlineRequestKind,
  action: OnlineAction,
  code: string,
  reason: string | null,
  link: string,
): MailMessage {
  const decided =
    action === 'reject'
      ? [`Təəssüf ki, ${what[kind]} (${code}) rədd edildi.`, `Səbəb: ${reason ?? ''}`]
      : kind === 'carrier'
        ? [`${what[kind]} (${code}) təsdiqləndi: daşıyıcılar reyestrinə daxil edildiniz.`]
        : [`${what[kind]} (${code}) qəbul edildi: ödəniş hazırlanıb. Ödəniləcək məbləğ vəziyyət səhifəsindədir.`];
  return mail(to, `Müraciətinizə baxıldı: ${code}`, decided, link);
}
