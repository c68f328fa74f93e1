import { apiDateFormat, userCreateSchema, type User } from '@dnx/shared';
import dayjs, { type Dayjs } from 'dayjs';

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
export const steps: readonly (readonly (keyof UserFormValues)[])[] = [
  ['email', 'password', 'confirm_password'],
  ['first_name', 'last_name', 'parent_name', 'phone', 'date_of_birth', 'region'],
  ['groups', 'user_permissions', 'confirmInfos'],
];
export const lastStep = steps.length - 1;
export const allFields: string[] = steps.flat();
export const stepPanelId = (index: number) => `user-form-step-${index}`;
export const stepOf = (field: string) =>
  Math.max(
    0,
    steps.findIndex((fields) => fields.some((f) => f === field)),
  );

/** The shared schema's fields, each field's rule. */
export const fields = userCreateSchema.shape;

export function initialValues(user?: User): UserFormValues {
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

export const toApiDate = (value: unknown) =>
  dayjs.isDayjs(value) && value.isValid() ? value.format(apiDateFormat) : '';

/** What a create and an update both send: the person's fields, trimmed, and their access. */
export function userBody(values: UserFormValues) {
  return {
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
}
