import { ScanOutlined } from '@ant-design/icons';
import { formatCount, type Language } from '@dnx/shared';
import { Alert, Button, Form, Input, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../i18n/language-switch';
import { useDocumentTitle } from '../../../lib/document-title';
import { registerOfflineShell } from '../../../lib/offline-shell';
import { rememberInitialUrl } from '../../auth/session';
import { isStale } from '../answer';
import { AnswerCard } from '../components/answer-card';
import { Scanner } from '../components/scanner';
import { snapshotClock } from '../snapshot-time';
import { useInspector, type SyncState } from '../use-inspector';
import '../texts';
import '../inspect.css';

const notices: Partial<Record<SyncState, { type: 'info' | 'warning' | 'error'; key: string }>> = {
  offline: { type: 'info', key: 'inspect.offline' },
  refused: { type: 'error', key: 'inspect.syncRefused' },
  failed: { type: 'warning', key: 'inspect.syncFailed' },
  forbidden: { type: 'error', key: 'inspect.forbidden' },
};

/**
 * `/inspect`: the inspector's phone (issue 46), one hand at 360 px: scan a receipt's QR or type series and number,
 * answered from the signed snapshot kept on the phone, online or not; each answer is a check sent when online.
 */
/** An allowed age in hours: "12", "1.5". */
const ageText = (minutes: number) => (minutes % 60 === 0 ? String(minutes / 60) : (minutes / 60).toFixed(1));

export default function InspectPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('inspect.title'));
  const inspector = useInspector();
  useEffect(registerOfflineShell, []);
  const [scanning, setScanning] = useState(false);
  const [typedInvalid, setTypedInvalid] = useState(false);
  const [share, setShare] = useState(inspector.shareLocation);
  const now = new Date();
  const { meta, sync } = inspector;
  // The allowed age comes signed with the snapshot (the server's INSPECT_SNAPSHOT_MAX_AGE).
  const maxAgeMinutes = meta?.maxAgeMinutes ?? 0;
  const stale = isStale(meta?.generatedAt ?? null, now, maxAgeMinutes * 60_000);
  const notice = notices[sync];

  return (
    <main className="inspect-page" data-testid="inspect-page" data-sync={sync}>
      <header className="inspect-header">
        <h1>{t('inspect.title')}</h1>
        <LanguageSwitch />
      </header>

      <section className="inspect-status" aria-label={t('inspect.sync')}>
        {meta ? (
          <p data-testid="inspect-snapshot">
            {t('inspect.snapshotStatus', {
              marks: formatCount(meta.marks, i18n.language as Language),
              time: snapshotClock(meta.generatedAt, now, i18n.language as Language),
            })}
          </p>
        ) : (
          <Alert type="warning" showIcon message={t('inspect.snapshotNone')} data-testid="inspect-no-snapshot" />
        )}
        {meta && stale && (
          <Alert
            type="warning"
            showIcon
            message={t('inspect.snapshotStale', { age: ageText(maxAgeMinutes) })}
            data-testid="inspect-stale"
          />
        )}
        {sync === 'signedOut' && (
          <Alert
            type="warning"
            showIcon
            message={t('inspect.signedOut')}
            data-testid="inspect-signed-out"
            action={
              <Link to="/signin" onClick={() => rememberInitialUrl('/inspect')}>
                {t('inspect.signIn')}
              </Link>
            }
          />
        )}
        {notice && <Alert type={notice.type} showIcon message={t(notice.key)} data-testid={`inspect-notice-${sync}`} />}
        {sync === 'synced' && (
          <p className="inspect-synced" role="status" data-testid="inspect-synced">
            {t('inspect.synced')}
          </p>
        )}
        <div className="inspect-status-actions">
          <Button
            onClick={() => void inspector.connect()}
            loading={sync === 'syncing'}
            disabled={!inspector.online}
            data-testid="inspect-sync"
          >
            {sync === 'syncing' ? t('inspect.syncing') : t('inspect.sync')}
          </Button>
          <span data-testid="inspect-pending" data-count={inspector.pending}>
            {inspector.pending ? t('inspect.pending', { count: inspector.pending }) : t('inspect.allSent')}
          </span>
        </div>
      </section>

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

      {inspector.answer && <AnswerCard answer={inspector.answer} now={now} />}

      <section className="inspect-typed" aria-labelledby="inspect-typed-title">
        <h2 id="inspect-typed-title">{t('inspect.typedTitle')}</h2>
        <Form
          layout="vertical"
          requiredMark={false}
          onFinish={(values: { series: string; number: string }) =>
            void inspector.lookUpTyped(values.series ?? '', values.number ?? '').then((ok) => setTypedInvalid(!ok))
          }
          data-testid="inspect-typed"
        >
          <div className="inspect-typed-fields">
            <Form.Item name="series" label={t('inspect.series')}>
              <Input size="large" autoCapitalize="characters" autoComplete="off" maxLength={3} />
            </Form.Item>
            <Form.Item name="number" label={t('inspect.number')}>
              <Input size="large" inputMode="numeric" autoComplete="off" maxLength={6} />
            </Form.Item>
          </div>
          {typedInvalid && (
            <Alert type="error" showIcon message={t('inspect.typedInvalid')} data-testid="inspect-typed-invalid" />
          )}
          <Button htmlType="submit" size="large" block data-testid="inspect-check">
            {t('inspect.check')}
          </Button>
        </Form>
      </section>

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
