/**
 * What sign-in through the agency's directory answers in words (issue 59): the catalogue's own file, so the sign-in
 * bundle, which carries every message, does not carry the mapping's schemas too.
 */
export const directoryMessages = {
  providerUnknown: 'Belə kataloq (giriş provayderi) qurulmayıb.',
  unreachable:
    'Təşkilatın kataloquna qoşulmaq mümkün olmadı. Bir az sonra yenidən cəhd edin və ya administratora müraciət edin.',
  flowInvalid:
    'Kataloq vasitəsilə giriş tamamlanmadı: keçid köhnəlib, artıq istifadə olunub və ya dəyişdirilib. Yenidən daxil olun.',
  refused: 'Kataloq girişi təsdiq etmədi. Yenidən daxil olun və ya administratora müraciət edin.',
  notInRequiredGroups: 'Kataloqda sizin bu sistemə giriş verən qrupunuz yoxdur. Administratora müraciət edin.',
  noAccount: 'Bu sistemdə sizin hesabınız yoxdur və kataloqdan yeni hesab yaradılmır. Administratora müraciət edin.',
  emailTaken:
    'Bu e-poçt ünvanı ilə hesab artıq var, amma kataloqdakı hesabınızla əlaqələndirilməyib. Administratora müraciət edin.',
  noEmail: 'Kataloq e-poçt ünvanınızı vermədi: yeni hesab yaratmaq olmur.',
  inactive: 'Hesabınız deaktiv edilib.',
  breakGlass: 'Ehtiyat administrator hesabı kataloqla əlaqələndirilə bilməz.',
  localPasswordOff: 'Bu hesab təşkilatın kataloqu ilə daxil olur: sistemin öz şifrəsi ilə giriş bağlıdır.',
  noLocalPassword: 'Bu hesab təşkilatın kataloqu ilə daxil olur və sistemdə şifrəsi yoxdur: şifrəni kataloqda dəyişin.',
  userNameInvalid: 'İstifadəçi adında icazə verilməyən simvollar var.',
  badCredentials: 'İstifadəçi adı və ya şifrə düzgün deyil.',
  claimsInvalid: 'İddialar (claims) JSON obyekti olmalıdır və "sub" sahəsi olmalıdır.',
  logoutTokenInvalid: 'Çıxış tokeni qəbul edilmədi.',
} as const;
