import type { User } from '@dnx/shared';
import { Button, Card, Flex, Form, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { StaleVersionAlert } from '../../../components/stale-version-alert';
import { useCurrentUser } from '../../../lib/current-user';
import { useSaveUser } from './use-save-user';
import { useUserFormSteps } from './use-user-form-steps';
import { UserAccessStep } from './user-access-step';
import { UserAccountStep } from './user-account-step';
import { UserFormPanel } from './user-form-panel';
import { initialValues, lastStep, type UserFormValues } from './user-form-values';
import { UserPersonStep } from './user-person-step';

export type { UserFormValues } from './user-form-values';

/**
 * The user form of spec section 3: account, person and access in three steps. Each error slot of spec
 * section 5 shows under its field, whether the shared rules or the server found it. After a save or a reset
 * the form goes back to the first step.
 */
export function UserForm({ user, onCreated }: { user?: User; onCreated?: (user: User) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  const { step, setStep, goTo, onSubmitFailed, onStepKeyDown } = useUserFormSteps(form);
  const { save, reload, stale, saving } = useSaveUser(form, user, setStep, onCreated);
  // Only the top administrator sets someone's password; anyone else mails the person a reset link (issue 10).
  const me = useCurrentUser();
  const setsPassword = !user || Boolean(me?.groups.some((g) => g.code === 'admin'));

  const onSave = (values: UserFormValues) => {
    if (step < lastStep) return void goTo(step + 1);
    save(values);
  };
  const onReset = () => {
    form.resetFields();
    setStep(0);
  };

  return (
    <Card>
      <StaleVersionAlert stale={stale} form={form} onReload={reload} />
      <Steps
        current={step}
        onChange={(next) => void goTo(next)}
        style={{ marginBottom: 24 }}
        items={[{ title: t('users.stepAccount') }, { title: t('users.stepPerson') }, { title: t('users.stepAccess') }]}
      />
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues(user)}
        requiredMark
        onFinish={onSave}
        onFinishFailed={onSubmitFailed}
        onKeyDown={onStepKeyDown}
        // The first error may sit on another step: `onSubmitFailed` opens it, then focuses the field.
        scrollToFirstError={false}
        data-testid="user-form"
      >
        <UserFormPanel index={0} step={step}>
          <UserAccountStep user={user} setsPassword={setsPassword} />
        </UserFormPanel>
        <UserFormPanel index={1} step={step}>
          <UserPersonStep />
        </UserFormPanel>
        <UserFormPanel index={2} step={step}>
          <UserAccessStep />
        </UserFormPanel>

        <Flex justify="space-between" wrap gap={8} style={{ marginTop: 8 }}>
          <Button onClick={onReset} disabled={saving} data-testid="user-form-reset">
            {t('form.reset')}
          </Button>
          <Flex gap={8}>
            {step > 0 && <Button onClick={() => setStep(step - 1)}>{t('form.previous')}</Button>}
            {/* Two keys: the same <button> turned into the submit one under the click that opened the last step, and
                the browser then sent the form as if "Saxla" had been pressed. */}
            {step < lastStep ? (
              <Button key="next" type="primary" onClick={() => void goTo(step + 1)} data-testid="user-form-next">
                {t('form.next')}
              </Button>
            ) : (
              <Button key="save" type="primary" htmlType="submit" loading={saving} data-testid="user-form-save">
                {t('form.save')}
              </Button>
            )}
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}
