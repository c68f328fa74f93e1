import { CheckCircleFilled } from '@ant-design/icons';
import { Button, Result, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import type { OnlineSubmitted } from '../api/submit-request';

/** The status page's address for a request, its code and VÖEN filled in. */
export const statusPath = (code: string, voen: string) =>
  `/online/status?${new URLSearchParams({ code, voen }).toString()}`;

/** What a carrier sees once the request is in: the tracking code, large and copyable, and where to follow it. */
export function SubmittedResult(props: { answer: OnlineSubmitted; voen: string; onAnother: () => void }) {
  const { answer, voen, onAnother } = props;
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: the focus goes to what replaced it, so a screen reader reads the answer.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Result
      icon={<CheckCircleFilled />}
      status="success"
      data-testid="online-submitted"
      title={
        <h2 ref={heading} tabIndex={-1} className="online-submitted-title">
          {answer.detail}
        </h2>
      }
      subTitle={t('online.codeHint')}
      extra={[
        <LinkButton
          key="status"
          type="primary"
          size="large"
          to={statusPath(answer.code, voen)}
          data-testid="online-open-status"
        >
          {t('online.openStatus')}
        </LinkButton>,
        <Button key="another" size="large" onClick={onAnother}>
          {t('online.another')}
        </Button>,
      ]}
    >
      <div className="online-code-box">
        <Typography.Text type="secondary">{t('online.codeLabel')}</Typography.Text>
        <Typography.Text copyable className="online-code" data-testid="online-tracking-code">
          {answer.code}
        </Typography.Text>
      </div>
    </Result>
  );
}
