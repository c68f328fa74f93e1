import { TeamOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../lib/current-user';
import {
  liveBus,
  markEditing,
  noPresence,
  presenceAfter,
  presenceRenewMs,
  unmarkEditing,
  useLiveEvents,
  withEditors,
  type RecordPresenceState,
} from '../lib/live';

/**
 * Who else has this record open, and who saved it meanwhile (issue 47): the form marks itself editing on open and
 * every 20 s, and unmarks on close. `version` is the record's version the form shows: a reload clears the warning.
 */
export function useRecordPresence(resource: string, id: number, version: unknown): RecordPresenceState {
  const me = useCurrentUser()?.id ?? null;
  const { t } = useTranslation();
  const [state, setState] = useState<RecordPresenceState>(noPresence);
  const [shownVersion, setShownVersion] = useState(version);
  if (shownVersion !== version) {
    setShownVersion(version);
    setState((current) => ({ ...current, savedBy: null }));
  }

  useEffect(() => {
    let open = true;
    const mark = () =>
      markEditing(resource, id).then(
        (answer) => open && setState((current) => withEditors(current, answer.editors)),
        // Presence is a courtesy: the form works without it, and the 409 still guards the save.
        () => undefined,
      );
    void mark();
    const timer = setInterval(() => void mark(), presenceRenewMs);
    // Presence events sent before this tab's stream opened (or while it was down) are lost: ask again once it is live.
    const stopWatching = liveBus.onStatus(() => {
      if (liveBus.status === 'live') void mark();
    });
    return () => {
      open = false;
      stopWatching();
      clearInterval(timer);
      void unmarkEditing(resource, id).catch(() => undefined);
    };
  }, [resource, id]);

  useLiveEvents((event) =>
    setState((current) => presenceAfter(current, event, { resource, id, me, someone: t('live.someone') })),
  );
  return state;
}

/** The form's banners: "Also open by: …", and the early warning that someone saved it, with a reload. */
export function RecordPresence({
  resource,
  id,
  version,
  onReload,
}: {
  resource: string;
  id: number;
  version: unknown;
  onReload: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const presence = useRecordPresence(resource, id, version);
  const [reloading, setReloading] = useState(false);
  const names = presence.editors.map((e) => e.name).join(', ');
  return (
    <>
      {presence.savedBy !== null && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          message={t('live.savedByOther', { name: presence.savedBy })}
          data-testid="presence-saved"
          action={
            <Button
              type="primary"
              size="small"
              loading={reloading}
              onClick={() => {
                setReloading(true);
                void onReload().finally(() => setReloading(false));
              }}
              data-testid="presence-reload"
            >
              {t('live.reload')}
            </Button>
          }
        />
      )}
      {presence.editors.length > 0 && (
        <Alert
          type="info"
          showIcon
          icon={<TeamOutlined />}
          role="status"
          style={{ marginBottom: 12 }}
          message={t('live.alsoOpenBy', { names })}
          data-testid="presence-editors"
        />
      )}
    </>
  );
}
