import type { FormInstance } from 'antd';
import { useState } from 'react';
import { firstInFormOrder, focusFirstError } from '../../../lib/form-rules';
import { focusFirstControl } from '../../../lib/page-focus';
import { allFields, lastStep, stepOf, stepPanelId, steps, type UserFormValues } from './user-form-values';

/** The user form's steps: the next opens once this one's fields pass, and an error opens the step it is on. */
export function useUserFormSteps(form: FormInstance<UserFormValues>) {
  const [step, setStep] = useState(0);

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

  return { step, setStep, goTo, onSubmitFailed, onStepKeyDown };
}
