import { formatDateTime, type SessionInfo } from '@dnx/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { notifyFailure, notifySuccess } from '../../../lib/notify';

const key = ['user', 'sessions'] as const;

/** The profile's sessions (issue 27): each open one with its device, address and times; any other can be ended. */
export function SessionsCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const sessions = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest<SessionInfo[]>('/api/user/sessions/', { signal }),
  });
  const end = useMutation({
    mutationFn: (id: number) => apiRequest(`/api/user/sessions/${id}/`, { method: 'DELETE' }),
    onSuccess: notifySuccess,
    onError: notifyFailure,
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  return (
    <Card title={t('profile.sessionsTitle')} data-testid="profile-sessions">
      <List
        loading={sessions.isPending}
        dataSource={sessions.data ?? []}
        renderItem={(s) => (
          <List.Item
            data-testid={`session-${s.id}`}
            actions={
              s.current
                ? [
                    <Tag key="current" color="blue">
                      {t('profile.sessionCurrent')}
                    </Tag>,
                  ]
                : [
                    <Button
                      key="end"
                      size="small"
                      onClick={() => end.mutate(s.id)}
                      loading={end.isPending && end.variables === s.id}
                      aria-label={`${t('profile.sessionEnd')}: ${s.device || t('profile.sessionUnknown')}`}
                    >
                      {t('profile.sessionEnd')}
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta
              title={s.device || t('profile.sessionUnknown')}
              description={
                <Typography.Text type="secondary">
                  {t('profile.sessionDetails', {
                    ip: s.ip ?? '—',
                    started: formatDateTime(s.started_at),
                    used: s.last_used_at ? formatDateTime(s.last_used_at) : '—',
                  })}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
