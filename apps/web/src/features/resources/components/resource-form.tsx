import { fieldInputSchema, type FieldDefinition, type ResourceDefinition, type ResourceRecord } from '@dnx/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, Row, type FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AvailableParams } from '../../../components/available-select';
import { RecordPresence } from '../../../components/record-presence';
import { StaleVersionAlert } from '../../../components/stale-version-alert';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { schemaRule } from '../../../lib/form-rules';
import { notifyFailure } from '../../../lib/notify';
import { recordQuery } from '../api/get-record';
import { lockedFields, valuesAfterChange } from '../form-extensions';
import {
  currentReference,
  editableFields,
  initialFormValues,
  pickerDependencies,
  toApiValue,
  type ResourceFormValues,
} from '../resource-values';
import { fieldInput } from './field-input';
import { useResourceSubmit } from './use-resource-submit';

/** A field's rule from its shared schema (the server checks the same); a date is checked as yyyy-mm-dd. */
function fieldRules(field: FieldDefinition): RuleObject[] {
  const toApi = (value: unknown) => toApiValue(field, value);
  return [schemaRule(fieldInputSchema(field), field.kind === 'date' ? { toApi, empty: null } : { toApi })];
}

/** The status switch holds 1 or 0, as the API does. */
const statusItemProps = {
  getValueProps: (value: unknown) => ({ checked: value === 1 }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
};

/**
 * A field's control: locked by the resource's rules, or waiting (disabled, with a hint) while a field its picker
 * depends on is empty; the picker asks for the options of what is chosen.
 */
function fieldControl({
  resource,
  field,
  values,
  locked,
  record,
  t,
}: {
  resource: ResourceDefinition;
  field: FieldDefinition;
  values: ResourceFormValues;
  locked: ReadonlySet<string>;
  record: ResourceRecord | undefined;
  t: TFunction;
}) {
  const dependencies = pickerDependencies(resource, field);
  const params: AvailableParams = {};
  for (const name of dependencies) {
    const value = values[name];
    params[name] = typeof value === 'number' ? value : undefined;
  }
  const waiting = dependencies.find((name) => params[name] === undefined);
  const waitingLabel = resource.fields.find((f) => f.name === waiting)?.label;
  return fieldInput(field, {
    disabled: locked.has(field.name) || waiting !== undefined,
    placeholder: waitingLabel ? t('resources.chooseFirst', { label: waitingLabel }) : undefined,
    params: dependencies.length > 0 ? params : undefined,
    current: currentReference(field, record),
  });
}

export interface ResourceFormProps {
  resource: ResourceDefinition;
  /** The record to edit; none to create. */
  record?: ResourceRecord;
  /** After "Save": the screen moves on (back to the list). "Save and add another" stays on an empty form. */
  onSaved: (saved: ResourceRecord) => void;
}

/**
 * The form of any resource, from its declaration: one control per editable field, the shared rules, the
 * cross-field rules on save, the server's field errors under their fields, and the spec's toasts.
 */
export function ResourceForm({ resource, record, onSaved }: ResourceFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResourceFormValues>();
  // The version this form's values come from: sent with the update, refreshed when the record is reloaded.
  const [version, setVersion] = useState(record?.version);
  const [stale, setStale] = useState(false);
  const fields = useMemo(() => editableFields(resource), [resource]);
  const names = fields.map((f) => f.name);
  const labels = useMemo(() => Object.fromEntries(fields.map((f) => [f.name, f.label])), [fields]);
  const initialValues = useMemo(() => initialFormValues(resource, record), [resource, record]);
  const rules = useMemo(() => new Map(fields.map((f) => [f.name, fieldRules(f)])), [fields]);
  const values: ResourceFormValues = Form.useWatch([], form) ?? initialValues;
  const locked = lockedFields(resource, values);
  const unsaved = useUnsavedChanges(form);

  const { save, addAnotherRef, onFinish, onFinishFailed } = useResourceSubmit({
    resource,
    record,
    form,
    names,
    version,
    onSaved: (saved) => {
      setVersion(saved.version);
      unsaved.markSaved();
      onSaved(saved);
    },
    onStale: () => setStale(true),
  });

  /** Someone saved the record meanwhile: the form takes the fresh record and its version. */
  const reload = useRecordReload(resource, record, form, (fresh) => {
    unsaved.markSaved();
    setVersion(fresh.version);
    setStale(false);
  });

  return (
    <Card>
      <StaleVersionAlert stale={stale} form={form} onReload={reload} labels={labels} />
      {/* Who else has this record open, and the early warning when one of them saves (issue 47). */}
      {record && <RecordPresence resource={resource.key} id={record.id} version={version} onReload={reload} />}
      <Form<ResourceFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={(changed: ResourceFormValues, all: ResourceFormValues) => {
          const cleared = valuesAfterChange(resource, changed, all);
          if (Object.keys(cleared).length > 0) form.setFieldsValue(cleared);
        }}
        onFinish={onFinish}
        onFinishFailed={onFinishFailed}
        // `checkAll` focuses the first error of the field and the cross-field rules together.
        scrollToFirstError={false}
        data-testid="resource-form"
        data-resource={resource.key}
      >
        <Row gutter={16}>
          {fields.map((field) => (
            <Col
              key={field.name}
              xs={24}
              md={field.kind === 'textarea' ? 24 : 12}
              xl={field.kind === 'textarea' ? 24 : 8}
            >
              <Form.Item
                name={field.name}
                label={field.label}
                required={field.required}
                rules={rules.get(field.name)}
                {...(field.kind === 'status' ? statusItemProps : {})}
              >
                {fieldControl({ resource, field, values, locked, record, t })}
              </Form.Item>
            </Col>
          ))}
        </Row>
        <ResourceFormButtons
          creating={!record}
          pending={save.isPending}
          onReset={() => form.resetFields()}
          onSave={(another) => {
            addAnotherRef.current = another;
            if (another) form.submit();
          }}
        />
      </Form>
    </Card>
  );
}

/** Reads the record again (someone saved it meanwhile) and puts it in the form; `loaded` takes what else follows. */
function useRecordReload(
  resource: ResourceDefinition,
  record: ResourceRecord | undefined,
  form: FormInstance<ResourceFormValues>,
  loaded: (fresh: ResourceRecord) => void,
) {
  const queryClient = useQueryClient();
  return async () => {
    if (!record) return;
    try {
      const fresh = await queryClient.fetchQuery({ ...recordQuery(resource, record.id), staleTime: 0 });
      form.resetFields();
      form.setFieldsValue(initialFormValues(resource, fresh));
      loaded(fresh);
    } catch (error) {
      notifyFailure(error);
    }
  };
}

/** Reset, "Save and add another" (a new record only) and "Save"; `onSave` says which of the two saves was pressed. */
function ResourceFormButtons({
  creating,
  pending,
  onReset,
  onSave,
}: {
  creating: boolean;
  pending: boolean;
  onReset: () => void;
  /** `another`: the form is submitted here; otherwise the primary button submits it itself. */
  onSave: (another: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" gap={8}>
      <Button onClick={onReset} disabled={pending} data-testid="resource-form-reset">
        {t('form.reset')}
      </Button>
      <Flex gap={8} wrap>
        {creating && (
          <Button onClick={() => onSave(true)} loading={pending} data-testid="resource-form-save-add">
            {t('form.saveAndAddAnother')}
          </Button>
        )}
        <Button
          type="primary"
          htmlType="submit"
          onClick={() => onSave(false)}
          loading={pending}
          data-testid="resource-form-save"
        >
          {t('form.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
