import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { OnlineSubmitted } from '../api/submit-request';
import { CarrierRequestForm } from '../components/carrier-request-form';
import { PaymentRequestForm } from '../components/payment-request-form';
import { PublicFrame } from '../components/public-frame';
import { SubmittedResult } from '../components/submitted-result';

type RequestTab = 'carrier' | 'payment';

/**
 * `/online`, no sign-in: a carrier registers, or asks for marks for its vehicles (`?tab=payment`). Once sent, the
 * form gives way to the tracking code.
 */
export function OnlineRequestsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: RequestTab = params.get('tab') === 'payment' ? 'payment' : 'carrier';
  const [submitted, setSubmitted] = useState<{ answer: OnlineSubmitted; voen: string } | null>(null);
  const onSubmitted = (answer: OnlineSubmitted, voen: string) => setSubmitted({ answer, voen });

  return (
    <PublicFrame title={t('online.pageTitle')} subtitle={submitted ? undefined : t('online.pageSubtitle')}>
      <Card className="public-card">
        {submitted ? (
          <SubmittedResult answer={submitted.answer} voen={submitted.voen} onAnother={() => setSubmitted(null)} />
        ) : (
          <Tabs
            activeKey={tab}
            onChange={(key) => setParams(key === 'payment' ? { tab: 'payment' } : {}, { replace: true })}
            items={[
              {
                key: 'carrier',
                label: t('online.tabCarrier'),
                children: <CarrierRequestForm onSubmitted={onSubmitted} />,
              },
              {
                key: 'payment',
                label: t('online.tabPayment'),
                children: <PaymentRequestForm onSubmitted={onSubmitted} />,
              },
            ]}
          />
        )}
      </Card>
    </PublicFrame>
  );
}
