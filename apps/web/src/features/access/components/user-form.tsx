import {
  apiDateFormat,
  displayDateFormat,
  isEmail,
  userCreateSchema,
  userMessages,
  type User,
  type UserCreateInput,
  type UserUpdateInput,
} from '@dnx/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Col, DatePicker, Flex, Form, Input, Row, Steps } from 'antd';
import type { RuleObject } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssignWindow } from '../../../components/assign-window/assign-window';
import { RegionSelect } from '../../../components/region-select';
import { isStaleVersion, StaleVersionAlert } from '../../../components/stale-version-alert';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { firstInFormOrder, focusFirstError, schemaRule, showServerErrors } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { confirmPasswordRule, passwordRule } from '../../../lib/password-rules';
import { focusFirstControl } from '../../../lib/page-focus';
import { useCurrentUser } from '../../../lib/current-user';
import { emailTakenQuery } from '../api/check-email';
import { userQuery } from '../api/get-user';
import { useCreateUser } from '../api/create-user';
import { useAllGroups } from '../api/list-groups';
import { usePermissions } from '../api/list-permissions';
import { useSendPasswordReset } from '../api/send-password-reset';
import { useUpdateUser } from '../api/update-user';
import { groupRecords, permissionRecords } from './access-records';

export interface UserFormValues {
  email: string;
  password: string;
  confirm_password: string;
  first_name: string;
  last_name: string;
  parent_name: string;
  phone: string;
  date_of_birth: Dayjs | null;
  region: number | undefined;
  groups: number[];
  user_permissions: number[];
  confirmInfos: boolean;
}

/** The three steps and the fields each one checks before the next opens. */
const steps: readonly (readonly (keyof UserFormValues)[])[] = [
  ['email', 'password', 'confirm_password'],
  ['first_name', 'last_name', 'parent_name', 'phone', 'date_of_birth', 'region'],
  ['groups', 'user_permissions', 'confirmInfos'],
];
const allFields: string[] = steps.flat();
const stepPanelId = (index: number) => `user-form-step-${index}`;
const stepOf = (field: string) =>
  Math.max(
    0,
    steps.findIndex((fields) => fields.some((f) => f === field)),
  );

const fields = userCreateSchema.shape;

function initialValues(user?: User): UserFormValues {
  return {
    email: user?.email ?? '',
    password: '',
    confirm_password: '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    parent_name: user?.parent_name ?? '',
    phone: user?.phone ?? '',
    date_of_birth: user?.date_of_birth ? dayjs(user.date_of_birth, apiDateFormat) : null,
    region: user?.region ?? undefined,
    groups: user?.groups ?? [],
    user_permissions: user?.user_permissions ?? [],
    confirmInfos: false,
  };
}

const toApiDate = (value: unknown) => (dayjs.isDayjs(value) && value.isValid() ? value.format(apiDateFormat) : '');

/**
 * The user form of spec section 3: account, person and access in three steps. Each error slot of spec
 * section 5 shows under its field, whether the shared rules or the server found it. After a save or a reset
 * the form goes back to the first step.
 */
export function UserForm({ user, onCreated }: { user?: User; onCreated?: (user: User) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UserFormValues>();
  const [step, setStep] = useState(0);
  const groups = useAllGroups();
  const permissions = usePermissions();
  const create = useCreateUser();
  const update = useUpdateUser();
  const editing = Boolean(user);
  const sendReset = useSendPasswordReset();
  // Only the top administrator sets someone's password; anyone else mails the person a reset link (issue 10).
  const me = useCurrentUser();
  const setsPassword = !editing || Boolean(me?.groups.some((g) => g.code === 'admin'));
  // The version this form's values come from: sent with the update, refreshed after a save or a reload.
  const [version, setVersion] = useState(user?.version);
  const [stale, setStale] = useState(false);
  const currentEmail = user?.email.toLowerCase();
  const saving = create.isPending || update.isPending;

  const emailTaken: RuleObject = useMemo(
    () => ({
      validator: async (_rule, value: unknown) => {
        const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
        if (!email || !isEmail(email) || email === currentEmail) return;
        // When the check itself fails the server still refuses a taken address on save, under this field.
        const taken = await queryClient.fetchQuery(emailTakenQuery(email)).catch(() => false);
        if (taken) throw new Error(userMessages.emailTaken);
      },
    }),
    [queryClient, currentEmail],
  );

  const confirmRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }): RuleObject =>
    confirmPasswordRule(t, () => getFieldValue('password'), { optional: editing });
  // Typed work on any step: leaving asks first; a save, a reload or a reset clears it.
  const unsaved = useUnsavedChanges(form);

  const goTo = async (next: number) => {
    if (next > step) {
      try {
        await form.validateFields([...steps[step]!]);
      } catch (failure) {
        const { errorFields = [] } = failure as { errorFields?: { name: (string | number)[] }[] };
        focusFirstError(
          form,
          errorFields.map((f) => String(f.name[0])),
          allFields,
        );
        return;
      }
    }
    setStep(next);
    // The step's first control takes the focus from the button (or the field, now hidden) the person was on.
    focusFirstControl(stepPanelId(next));
  };

  const backToStart = (values: UserFormValues) => {
    form.resetFields();
    form.setFieldsValue(values);
    unsaved.markSaved();
    setStep(0);
  };

  const lastStep = steps.length - 1;

  /** Enter or the save button: on the last step it saves; before it, it moves on as "Növbəti" does. */
  const onSubmitFailed = ({ errorFields }: { errorFields: { name: (string | number)[] }[] }) => {
    if (step < lastStep) return void goTo(step + 1);
    const failed = errorFields.map((f) => String(f.name[0]));
    const first = firstInFormOrder(failed, allFields);
    if (first) setStep(stepOf(first));
    focusFirstError(form, failed, allFields);
  };

  /**
   * Enter in a text field of a step before the last moves on, as "Növbəti" does: with several fields and no
   * submit button the browser would not submit. Pickers keep Enter for choosing.
   */
  const onStepKeyDown = (event: React.KeyboardEvent<HTMLFormElement>) => {
    const field = event.target;
    if (event.key !== 'Enter' || step >= lastStep || !(field instanceof HTMLInputElement)) return;
    if (!['text', 'email', 'password', 'tel'].includes(field.type) || field.closest('.ant-select, .ant-picker')) return;
    event.preventDefault();
    void goTo(step + 1);
  };

  const onSave = (values: UserFormValues) => {
    if (step < lastStep) return void goTo(step + 1);
    const body = {
      email: values.email.trim(),
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      parent_name: values.parent_name.trim(),
      phone: values.phone.trim(),
      date_of_birth: toApiDate(values.date_of_birth),
      region: values.region ?? 0,
      groups: values.groups,
      user_permissions: values.user_permissions,
    };
    const onError = (error: unknown) => {
      if (isStaleVersion(error)) return setStale(true);
      // The step of the first field in error opens, and that field takes the focus once it shows.
      const first = firstInFormOrder(showServerErrors(form, error, allFields), allFields);
      if (first) setStep(stepOf(first));
      else notifyFailure(error);
    };
    if (user) {
      const password = values.password ? { password: values.password, confirm_password: values.confirm_password } : {};
      const input: UserUpdateInput = {
        id: user.id,
        version: version ?? user.version,
        ...body,
        is_active: user.is_active,
        ...password,
      };
      update.mutate(input, {
        onSuccess: (saved) => {
          notifySuccess();
          setVersion(saved.version);
          backToStart(initialValues(saved));
        },
        onError,
      });
    } else {
      const input: UserCreateInput = {
        ...body,
        is_active: true,
        password: values.password,
        confirm_password: values.confirm_password,
      };
      create.mutate(input, {
        onSuccess: (saved) => {
          notifySuccess();
          backToStart(initialValues());
          onCreated?.(saved);
        },
        onError,
      });
    }
  };

  /** Someone saved the account meanwhile: the form takes the fresh account and its version. */
  const reload = async () => {
    if (!user) return;
    try {
      const fresh = await queryClient.fetchQuery({ ...userQuery(user.id), staleTime: 0 });
      backToStart(initialValues(fresh));
      setVersion(fresh.version);
      setStale(false);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const onReset = () => {
    form.resetFields();
    setStep(0);
  };

  const panel = (index: number) => ({
    id: stepPanelId(index),
    hidden: step !== index,
    'data-testid': `user-form-step-${index}`,
  });

  return (
    <Card>
      {stale && <StaleVersionAlert onReload={reload} />}
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
        <div {...panel(0)}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="email"
                label={t('users.email')}
                required
                validateFirst
                validateDebounce={400}
                hasFeedback
                rules={[schemaRule(fields.email), emailTaken]}
              >
                <Input autoComplete="off" inputMode="email" />
              </Form.Item>
            </Col>
          </Row>
          {setsPassword ? (
            <>
              {editing && (
                <Alert type="info" showIcon message={t('users.passwordEditHint')} style={{ marginBottom: 16 }} />
              )}
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="password"
                    label={t('users.password')}
                    required={!editing}
                    rules={[passwordRule(t, { optional: editing })]}
                  >
                    <Input.Password autoComplete="new-password" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="confirm_password"
                    label={t('users.confirmPassword')}
                    required={!editing}
                    dependencies={['password']}
                    rules={[confirmRule]}
                  >
                    <Input.Password autoComplete="new-password" />
                  </Form.Item>
                </Col>
              </Row>
            </>
          ) : (
            <Form.Item label={t('users.password')}>
              <Button
                loading={sendReset.isPending}
                onClick={() =>
                  user &&
                  sendReset.mutate(user.id, {
                    onSuccess: () => notifySuccess(),
                    onError: (error) => notifyFailure(error),
                  })
                }
                data-testid="send-password-reset"
              >
                {t('users.sendPasswordReset')}
              </Button>
            </Form.Item>
          )}
        </div>

        <div {...panel(1)}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="first_name"
                label={t('users.firstName')}
                required
                rules={[schemaRule(fields.first_name)]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="last_name" label={t('users.lastName')} required rules={[schemaRule(fields.last_name)]}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="parent_name"
                label={t('users.parentName')}
                required
                rules={[schemaRule(fields.parent_name)]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="phone" label={t('users.phone')} required rules={[schemaRule(fields.phone)]}>
                <Input placeholder="+994501234567" inputMode="tel" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="date_of_birth"
                label={t('users.birthDay')}
                required
                validateFirst
                rules={[
                  { required: true, message: userMessages.birthDayRequired },
                  schemaRule(fields.date_of_birth, { toApi: toApiDate }),
                ]}
              >
                <DatePicker
                  format={displayDateFormat}
                  placeholder="dd.mm.yyyy"
                  disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="region" label={t('users.region')} required rules={[schemaRule(fields.region)]}>
                <RegionSelect allowClear={false} />
              </Form.Item>
            </Col>
          </Row>
        </div>

        <div {...panel(2)}>
          <Form.Item name="groups" label={t('users.groups')}>
            <AssignWindow
              records={groupRecords(groups.data ?? [])}
              loading={groups.isLoading}
              data-testid="assign-groups"
            />
          </Form.Item>
          <Form.Item name="user_permissions" label={t('users.permissions')}>
            <AssignWindow
              records={permissionRecords(permissions.data ?? [])}
              loading={permissions.isLoading}
              data-testid="assign-permissions"
            />
          </Form.Item>
          <Form.Item
            name="confirmInfos"
            valuePropName="checked"
            rules={[
              {
                validator: async (_rule, value: unknown) => {
                  if (value !== true) throw new Error(userMessages.confirmInfosRequired);
                },
              },
            ]}
          >
            <Checkbox>{t('users.confirmInfos')}</Checkbox>
          </Form.Item>
        </div>

        <Flex justify="space-between" wrap gap={8} style={{ marginTop: 8 }}>
          <Button onClick={onReset} disabled={saving} data-testid="user-form-reset">
            {t('form.reset')}
          </Button>
          <Flex gap={8}>
            {step > 0 && <Button onClick={() => setStep(step - 1)}>{t('form.previous')}</Button>}
            {step < lastStep ? (
              <Button type="primary" onClick={() => void goTo(step + 1)} data-testid="user-form-next">
                {t('form.next')}
              </Button>
            ) : (
              <Button type="primary" htmlType="submit" loading={saving} data-testid="user-form-save">
                {t('form.save')}
              </Button>
            )}
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}
