import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { CodeForm } from './second-factor';

/**
 * The dialog an action that needs a fresh second factor opens (issue 27): the user gives the app's code, the
 * server marks the session for 10 minutes, and `onSettle(true)` lets the action go again; closing it gives up.
 * Loaded only when the server first asks (step-up-host.tsx), never with the first screen.
 */
export default function StepUpDialog({ onSettle }: { onSettle: (confirmed: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('auth.mfaStepUpTitle')}
      footer={null}
      onCancel={() => onSettle(false)}
      // The dialog takes the focus when it opens; the code field is where the user types.
      afterOpenChange={(shown) => shown && document.getElementById('step-up-code')?.focus()}
      data-testid="step-up-dialog"
    >
      <p>{t('auth.mfaStepUpText')}</p>
      <CodeForm
        id="step-up-code"
        label={t('auth.mfaCode')}
        submit={async (code) => {
          await apiRequest('/api/user/mfa/step-up/', { method: 'POST', body: { code } });
          onSettle(true);
        }}
      />
    </Modal>
  );
}
