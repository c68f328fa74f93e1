import { Modal, type InputRef } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RecoveryCodesView, TotpEnrolmentForm } from '../../../components/second-factor';
import { focusWhenOpened } from '../../../lib/dialog-focus';
import { useMfaRefresh } from '../api/mfa';
import { PasskeyForm } from './passkey-form';

/**
 * The second factor's dialog: the app's enrolment or a new passkey, then the recovery codes when they come (shown
 * once: closed only through their button).
 */
export function MfaDialog({
  dialog,
  codes,
  setCodes,
  close,
}: {
  dialog: 'totp' | 'passkey' | null;
  codes: string[] | null;
  setCodes: (codes: string[]) => void;
  close: () => void;
}) {
  const { t } = useTranslation();
  const refresh = useMfaRefresh();
  const passkeyName = useRef<InputRef>(null);
  return (
    <Modal
      open={dialog !== null || codes !== null}
      title={
        codes ? t('auth.mfaRecoveryTitle') : dialog === 'passkey' ? t('profile.passkeyAdd') : t('profile.mfaEnrol')
      }
      footer={null}
      destroyOnHidden
      // Closing while the codes show is allowed only through their button: they are not shown again.
      closable={codes === null}
      maskClosable={false}
      onCancel={close}
      afterOpenChange={(open) => focusWhenOpened(open, passkeyName.current)}
    >
      {codes ? (
        <RecoveryCodesView codes={codes} onContinue={close} />
      ) : dialog === 'passkey' ? (
        <PasskeyForm
          nameField={passkeyName}
          onDone={(answer) => {
            void refresh();
            if (answer) setCodes(answer);
            else close();
          }}
        />
      ) : (
        <TotpEnrolmentForm
          onDone={(answer) => {
            void refresh();
            if (answer.recovery_codes.length > 0) setCodes(answer.recovery_codes);
            else close();
          }}
        />
      )}
    </Modal>
  );
}
