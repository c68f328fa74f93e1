import type { MailItem } from '@dnx/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { defineListEndpoint } from '../../../components/resource-list';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/mail-outbox/`: the mails of the outbox (never a body); nothing is deleted through it. */
export const mailOutboxEndpoint = defineListEndpoint<MailItem>(['mail-outbox'], '/api/mail-outbox/');

/** `POST /api/mail-outbox/{id}/retry/`: a failed mail is due again; the list is read again whatever the answer. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<MailItem>(`/api/mail-outbox/${id}/retry/`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['mail-outbox'] }),
  });
}
