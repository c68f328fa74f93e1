import { z } from 'zod';

/**
 * Reminders to carriers before their paid forms expire (issue 26): 30 and 7 days before a form's last day of
 * validity, by mail to the carrier's address, unless the carrier opted out (the link in every reminder).
 */
export const expiryReminderDays = [30, 7] as const;

export const reminderMessages = {
  tokenUnknown: 'Bu keçid etibarsızdır və ya köhnəlib.',
} as const;

/** The opt-out link's secret: a UUID. */
export const reminderTokenParamsSchema = z.object({
  token: z.uuid({ error: reminderMessages.tokenUnknown }),
});

/** What the opt-out page shows: whose reminders, and whether they are still sent. */
export const reminderOptOutSchema = z.object({
  carrier: z.string(),
  expiry_reminders: z.literal([0, 1]),
});
export type ReminderOptOut = z.infer<typeof reminderOptOutSchema>;
