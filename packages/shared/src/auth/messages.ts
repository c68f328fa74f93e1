/** Texts of spec sections 5 and 8, verbatim. */
export const authMessages = {
  emailRequired: 'Email boş buraxıla bilməz.',
  emailInvalid: 'Keçərli e-poçt ünvanı daxil etməyiniz xahiş olunur.',
  passwordRequired: 'Şifrə boş buraxıla bilməz.',
  wrongCredentials: 'Email və ya Şifrə düzgün deyil.',
  currentUserFailed: 'Happy Hacking...',
  forgotEmailRequired: 'Email boş buraxıla bilməz',
  forgotEmailInvalid: 'Email üçün yanlış format.',
  resetPasswordRequired: 'Password can not be blank.',
  resetConfirmRequired: 'Confirm Password can not be blank.',
  resetPasswordTooShort: 'Password must be great than equal 8.',
  resetPasswordOnlyDigits: 'Password can not be contain only numerical symbols! [az_AZ(0-9)@#&/*]',
  // The spec elides the tail of this one with "..."; we complete it like its sibling
  // (docs/decisions/0016-passwords-and-attempt-limits.md).
  resetPasswordOnlyLetters: 'Password can not be contain only letter symbols! [az_AZ(0-9)@#&/*]',
  resetPasswordsDiffer: '`Password` and `Confirm Password` fields does not the same.',
  // Not in the spec (issue 10): a password everybody tries, or one made of a space or a character repeated.
  passwordTooCommon: 'Bu şifrə çox sadədir və ya geniş yayılıb: onu asanlıqla tapmaq olar. Başqa şifrə seçin.',
} as const;

export const toastMessages = {
  success: 'Əməliyyat müvəffəqiyyətlə yerinə yetirildi.',
  failure: 'Əməliyyat zamanı xəta baş verdi.',
} as const;

/** The line under an error toast that names the server's request, for the user to quote to support. */
export const requestReference = (requestId: string) => `Sorğunun kodu: ${requestId}`;

export const passwordMinLength = 8;
