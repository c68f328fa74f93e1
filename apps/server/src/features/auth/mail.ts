import type { MailMessage } from '../../lib/mailer';
import { escapeHtml, textMail } from '../../lib/mail-text';

/** The password reset e-mail, in Azerbaijani, as plain text and HTML. */
export function resetPasswordMail(to: string, firstName: string, link: string, lifetimeSeconds: number): MailMessage {
  const minutes = Math.max(1, Math.round(lifetimeSeconds / 60));
  const greeting = firstName ? `Salam, ${firstName}!` : 'Salam!';
  const asked = 'Hesabınız üçün şifrənin bərpası istənilib. Yeni şifrə təyin etmək üçün aşağıdakı keçidi açın:';
  const limits = `Keçid ${minutes} dəqiqə ərzində və yalnız bir dəfə işləyir.`;
  const notYou = 'Bunu siz istəməmisinizsə, bu məktubu nəzərə almayın: şifrəniz dəyişməyəcək.';
  return {
    to,
    subject: 'Şifrənin bərpası',
    text: `${greeting}\n\n${asked}\n\n${link}\n\n${limits}\n${notYou}\n`,
    html:
      `<!doctype html><html lang="az"><body>` +
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(asked)}</p>` +
      `<p><a href="${escapeHtml(link)}">Yeni şifrə təyin et</a></p>` +
      `<p>${escapeHtml(link)}</p><p>${escapeHtml(limits)}<br>${escapeHtml(notYou)}</p>` +
      `</body></html>`,
  };
}

/** The notice of a sign-in from a browser never seen on the account (issue 27). */
export function newDeviceMail(to: string, device: string, ip: string | null): MailMessage {
  const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
  return textMail(to, 'Yeni cihazdan giriş', [
    'Hesabınıza yeni cihazdan daxil olundu.',
    `Cihaz: ${device || 'naməlum'}; ünvan: ${ip ?? 'naməlum'}; vaxt (UTC): ${when}.`,
    'Bu siz idinizsə, heç nə etmək lazım deyil. Deyilsə, profilinizdə bu sessiyanı bitirin, şifrənizi dəyişin və administratora xəbər verin.',
  ]);
}
