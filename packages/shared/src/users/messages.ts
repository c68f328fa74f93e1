/** Messages of the user, group and profile forms. The spec names the error slots but not their texts. */
export const userMessages = {
  emailRequired: 'Email boş buraxıla bilməz.',
  emailInvalid: 'Keçərli e-poçt ünvanı daxil etməyiniz xahiş olunur.',
  emailTaken: 'Bu email ilə istifadəçi artıq mövcuddur.',
  firstNameRequired: 'Ad boş buraxıla bilməz.',
  lastNameRequired: 'Soyad boş buraxıla bilməz.',
  parentNameRequired: 'Ata adı boş buraxıla bilməz.',
  phoneInvalid: 'Telefon nömrəsi +994XXXXXXXXX formatında olmalıdır.',
  birthDayRequired: 'Doğum tarixi boş buraxıla bilməz.',
  birthDayInvalid: 'Doğum tarixi düzgün deyil.',
  regionRequired: 'Region seçilməlidir.',
  confirmInfosRequired: 'Məlumatların düzgünlüyünü təsdiq edin.',
  oldPasswordWrong: 'Köhnə şifrə düzgün deyil.',
  groupNameRequired: 'Qrupun adı boş buraxıla bilməz.',
  groupNameTaken: 'Bu adda qrup artıq mövcuddur.',
  roleGroupProtected: 'Sistem rol qrupları silinə və ya dəyişdirilə bilməz.',
  cannotDeleteSelf: 'Öz hesabınızı silə bilməzsiniz.',
  /** 409: an operator of batches or the inspector of forms keeps the record; deactivate instead. */
  holdsFnRecords: (count: number) =>
    `İstifadəçiyə ${count} FN buraxılışı və ya blankı bağlıdır; onu silmək olmaz, hesabı deaktiv edin.`,
  lastAdministrator: 'Sonuncu aktiv administratoru silmək və ya deaktiv etmək olmaz.',
  cannotDeactivateSelf: 'Öz hesabınızı deaktiv edə bilməzsiniz.',
  choiceMissing: 'Seçilmiş dəyər mövcud deyil.',
  regionOutOfScope: 'Yalnız öz regionunuzun istifadəçilərini idarə edə bilərsiniz.',
  grantBeyondOwn: 'Özünüzdə olmayan icazələri verə bilməzsiniz.',
  strongerAccount: 'Sizdə olmayan icazələri olan hesabı dəyişə, aktivləşdirə, deaktiv edə və ya silə bilməzsiniz.',
  resetLinkSent: 'Şifrəni bərpa etmək üçün link istifadəçinin e-poçt ünvanına göndərildi.',
  passwordSetByAdministrator:
    'Başqasının şifrəsini yalnız administrator təyin edə bilər. Şifrəni bərpa etmək üçün link göndərin.',
  groupInUse: (count: number) => `Bu qrup ${count} istifadəçiyə təyin edilib. Əvvəlcə istifadəçiləri qrupdan çıxarın.`,
  phoneChanged: 'Telefon nömrəniz dəyişdirildi.',
  passwordChanged: 'Şifrəniz dəyişdirildi.',
} as const;
