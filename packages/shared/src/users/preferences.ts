import { z } from 'zod';
import { momentOutSchema } from '../api/input';

/** Where the navigation shows: the side menu (a drawer below 1200 px) or a horizontal menu in the header. */
export const navigationLayouts = ['side', 'top'] as const;
export type NavigationLayout = (typeof navigationLayouts)[number];
export const defaultNavigationLayout: NavigationLayout = 'side';

export const preferenceMessages = {
  layoutInvalid: 'Naviqasiya görünüşü "side" və ya "top" olmalıdır.',
  tourSeenInvalid: 'true və ya false olmalıdır.',
} as const;

/**
 * The signed-in user's interface preferences, kept per user on the server (decisions.md section 6): they come
 * with current-user, so they apply at sign-in on any device.
 */
export const userPreferencesSchema = z.object({
  layout: z.enum(navigationLayouts),
  /** When the guided tour was finished or skipped; null: it starts on the next entry to /app. */
  tour_seen_at: momentOutSchema.nullable(),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/**
 * `PATCH /api/user/user-profile/preferences/`: either field or both, nothing else. `tour_seen` true records
 * the first time the tour was finished or skipped (a replay keeps it); false shows the tour again at next entry.
 */
export const userPreferencesUpdateSchema = z.strictObject({
  layout: z.enum(navigationLayouts, { error: preferenceMessages.layoutInvalid }).optional(),
  tour_seen: z.boolean({ error: preferenceMessages.tourSeenInvalid }).optional(),
});
export type UserPreferencesUpdate = z.infer<typeof userPreferencesUpdateSchema>;
