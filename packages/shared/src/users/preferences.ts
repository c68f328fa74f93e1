import { z } from 'zod';
import { momentOutSchema } from '../api/input';
import { languages, navigationLayouts } from './choices';

export {
  defaultLanguage,
  defaultNavigationLayout,
  isLanguage,
  languages,
  navigationLayouts,
  type Language,
  type NavigationLayout,
} from './choices';

export const preferenceMessages = {
  layoutInvalid: 'Naviqasiya görünüşü "side" və ya "top" olmalıdır.',
  tourSeenInvalid: 'true və ya false olmalıdır.',
  languageInvalid: 'Dil "az", "en" və ya "ru" olmalıdır.',
} as const;

/**
 * The signed-in user's interface preferences, kept per user on the server (decisions.md section 6): they come
 * with current-user, so they apply at sign-in on any device.
 */
export const userPreferencesSchema = z.object({
  layout: z.enum(navigationLayouts),
  /** When the guided tour was finished or skipped; null: it starts on the next entry to /app. */
  tour_seen_at: momentOutSchema.nullable(),
  /** The interface's language; the server answers this user's messages in it too. */
  language: z.enum(languages),
  /** Ant Design's dark algorithm; combinable with `compact_theme`. */
  dark_theme: z.boolean(),
  /** Ant Design's compact algorithm (smaller controls and spacing). */
  compact_theme: z.boolean(),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/**
 * `PATCH /api/user/user-profile/preferences/`: any of the fields, nothing else. `tour_seen` true records
 * the first time the tour was finished or skipped (a replay keeps it); false shows the tour again at next entry.
 */
export const userPreferencesUpdateSchema = z.strictObject({
  layout: z.enum(navigationLayouts, { error: preferenceMessages.layoutInvalid }).optional(),
  tour_seen: z.boolean({ error: preferenceMessages.tourSeenInvalid }).optional(),
  language: z.enum(languages, { error: preferenceMessages.languageInvalid }).optional(),
  dark_theme: z.boolean({ error: preferenceMessages.tourSeenInvalid }).optional(),
  compact_theme: z.boolean({ error: preferenceMessages.tourSeenInvalid }).optional(),
});
export type UserPreferencesUpdate = z.infer<typeof userPreferencesUpdateSchema>;
