import { busRouteCreateSchema, busRouteUpdateSchema, type BusRoute } from '@dnx/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { isStaleVersion } from '../../../components/stale-version-alert';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { ApiError } from '../../../lib/api-client';
import { firstErrorScroll } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { busRouteQuery } from '../api/get-bus-route';
import { useSaveBusRoute } from '../api/save-bus-route';
import { formFields } from './bus-route-fields';
import { fieldErrors, routeFormValues, toApiInput, type BusRouteFormValues } from './form-values';

type Found = { path: string | readonly PropertyKey[]; message: string }[];

/** A 400's field messages, each under its field (a stop's under that stop). */
const serverErrors = (error: unknown): Found =>
  error instanceof ApiError && error.status === 400
    ? Object.keys(error.body).flatMap((key) => {
        const message = error.fieldMessage(key);
        return message ? [{ path: key, message }] : [];
      })
    : [];

/**
 * Checks the bus route form by the shared schema and saves it with the version it read; errors show under their
 * fields, the first scrolled to; a stale version offers a reload of the fresh route.
 */
export function useBusRouteSave(
  form: FormInstance<BusRouteFormValues>,
  route: BusRoute | undefined,
  readOnly: boolean,
  onSaved: ((saved: BusRoute) => void) | undefined,
) {
  const queryClient = useQueryClient();
  const save = useSaveBusRoute();
  const [version, setVersion] = useState(route?.version);
  const [stale, setStale] = useState(false);
  // The stops typed are work too: leaving asks first; a save or a reload shows the saved route, which clears it.
  const unsaved = useUnsavedChanges(readOnly ? false : form);

  const place = (found: Found) => {
    const placed = fieldErrors(found, formFields);
    form.setFields(placed as Parameters<typeof form.setFields>[0]);
    const first = placed.sort(
      (a, b) =>
        formFields.indexOf(a.name[0] as (typeof formFields)[number]) -
        formFields.indexOf(b.name[0] as (typeof formFields)[number]),
    )[0];
    if (first) form.scrollToField(first.name as Parameters<typeof form.scrollToField>[0], firstErrorScroll);
    return placed.length;
  };

  const onFinish = (values: BusRouteFormValues) => {
    const input = toApiInput(values);
    const checked = route
      ? busRouteUpdateSchema.safeParse({ ...input, version })
      : busRouteCreateSchema.safeParse(input);
    if (!checked.success) {
      place(checked.error.issues.map((i) => ({ path: i.path, message: i.message })));
      return;
    }
    save.mutate(
      route ? { id: route.id, body: { ...checked.data, version: version! } } : { id: null, body: checked.data },
      {
        onSuccess: (saved) => {
          notifySuccess();
          setVersion(saved.version);
          setStale(false);
          form.resetFields();
          form.setFieldsValue(routeFormValues(saved));
          unsaved.markSaved();
          onSaved?.(saved);
        },
        onError: (error) => {
          if (isStaleVersion(error)) return setStale(true);
          if (place(serverErrors(error)) === 0) notifyFailure(error);
        },
      },
    );
  };

  /** The field rules failed: the whole check shows the rest (a stop's coordinates) beside them. */
  const onFinishFailed = ({ values }: { values: BusRouteFormValues }) => {
    const checked = busRouteCreateSchema.safeParse(toApiInput(values));
    if (!checked.success) place(checked.error.issues.map((i) => ({ path: i.path, message: i.message })));
  };

  /** Someone saved the route meanwhile: the form takes the fresh route and its version. */
  const reload = async () => {
    if (!route) return;
    try {
      const fresh = await queryClient.fetchQuery({ ...busRouteQuery(route.id), staleTime: 0 });
      form.resetFields();
      form.setFieldsValue(routeFormValues(fresh));
      unsaved.markSaved();
      setVersion(fresh.version);
      setStale(false);
    } catch (error) {
      notifyFailure(error);
    }
  };

  return { onFinish, onFinishFailed, reload, stale, saving: save.isPending };
}
