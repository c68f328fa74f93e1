import type { SecondFactorMethod } from '@dnx/shared';
import { Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { useMfaStatus } from '../../../lib/mfa-status';
import { stepUpPasskeyOptions } from '../api/passkeys';
import { CodeForm, FactorForm } from '../../../components/second-factor';

/**
 * The dialog an action that needs a fresh second factor opens (issue 27): the user confirms with a passkey, the
 * app's code or a recovery code (or, having no factor, the password: issue 40), the server marks the session for 10
 * minutes, and `onSettle(true)` lets the action go again; closing it gives up. Loaded only when the server first asks
 * (step-up-host.tsx), never with the first screen.
 */
export default function StepUpDialog({ onSettle }: { onSettle: (confirmed: boolean) => void }) {
  const { t } = useTranslation();
  const status = useMfaStatus();
  const confirm = async (answer: object) => {
    await apiRequest('/api/user/mfa/step-up/', { method: 'POST', body: answer });
    onSettle(true);
  };
  const hasFactor = !!status.data && (status.data.totp || status.data.passkeys.length > 0);
  const methods: SecondFactorMethod[] = status.data
    ? [
        ...(status.data.passkeys.length > 0 ? (['passkey'] as const) : []),
        ...(status.data.totp ? (['totp'] as const) : []),
        'recovery_code',
      ]
    : [];
  return (
    <Modal
      open
      title={t('auth.mfaStepUpTitle')}
      footer={null}
      onCancel={() => onSettle(false)}
      // The dialog takes the focus when it opens; the first way to confirm is where the user goes on.
      afterOpenChange={(shown) =>
        shown &&
        ['step-up-passkey', 'step-up-code', 'step-up-recovery-code', 'step-up-password']
          .map((id) => document.getElementById(id))
          .find(Boolean)
          ?.focus()
      }
      data-testid="step-up-dialog"
    >
      <p>{hasFactor || !status.data ? t('auth.mfaStepUpText') : t('auth.passwordStepUpText')}</p>
      {!status.data ? (
        <Spin />
      ) : hasFactor ? (
        <FactorForm idPrefix="step-up" methods={methods} passkeyOptions={stepUpPasskeyOptions} submit={confirm} />
      ) : (
        <CodeForm
          id="step-up-password"
          label={t('auth.password')}
          field="password"
          submit={(password) => confirm({ password })}
        />
      )}
    </Modal>
  );
}
