import { ScanOutlined } from '@ant-design/icons';
import { Button, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../i18n/language-switch';
import { useDocumentTitle } from '../../../lib/document-title';
import { registerOfflineShell } from '../../../lib/offline-shell';
import { AnswerCard } from '../components/answer-card';
import { InspectStatus } from '../components/inspect-status';
import { Scanner } from '../components/scanner';
import { TypedCheck } from '../components/typed-check';
import { clockSkew, trustedNow } from '../phone-clock';
import { useInspector } from '../use-inspector';
import '../texts';
import '../inspect.css';

/**
 * `/inspect`: the inspector's phone (issue 46), one hand at 360 px: scan a receipt's QR or type series and number,
 * answered from the signed snapshot kept on the phone, online or not; each answer is a check sent when online.
 */
export default function InspectPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('inspect.title'));
  const inspector = useInspector();
  useEffect(registerOfflineShell, []);
  const [scanning, setScanning] = useState(false);
  const [share, setShare] = useState(inspector.shareLocation);
  // The list's age and the clock's warning are judged by the server's time when the phone's clock is off.
  const now = trustedNow();
  const skew = clockSkew();
  const { list, sync } = inspector;

  return (
    <main className="inspect-page" data-testid="inspect-page" data-sync={sync}>
      <header className="inspect-header">
        <h1>{t('inspect.title')}</h1>
        <LanguageSwitch />
      </header>

      <InspectStatus
        list={list}
        sync={sync}
        pending={inspector.pending}
        sent={inspector.sent}
        refused={inspector.refused}
        online={inspector.online}
        now={now}
        clockSkewMs={skew}
        onSync={() => void inspector.connect()}
      />

      {scanning ? (
        <Scanner
          onClose={() => setScanning(false)}
          onText={(text) => {
            setScanning(false);
            void inspector.lookUpScanned(text);
          }}
        />
      ) : (
        <Button
          type="primary"
          size="large"
          block
          icon={<ScanOutlined />}
          className="inspect-scan"
          onClick={() => setScanning(true)}
          data-testid="inspect-scan"
        >
          {t('inspect.scan')}
        </Button>
      )}

      {inspector.answer && <AnswerCard answer={inspector.answer} />}

      <TypedCheck onCheck={inspector.lookUpTyped} invalid={inspector.typedInvalid} />

      <label className="inspect-location">
        <Switch
          checked={share}
          onChange={(on) => {
            setShare(on);
            inspector.setShareLocation(on);
          }}
        />{' '}
        {t('inspect.location')}
      </label>
    </main>
  );
}
