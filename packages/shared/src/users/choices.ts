/**
 * The interface's choices a user makes, apart from the preferences' schemas, so the web app's first download (its
 * texts' language, the menu's place) carries no zod (issue 60).
 */

/** Where the navigation shows: the side menu (a drawer below 1200 px) or a horizontal menu in the header. */
export const navigationLayouts = ['side', 'top'] as const;
export type NavigationLayout = (typeof navigationLayouts)[number];
export const defaultNavigationLayout: NavigationLayout = 'side';

/** The interface's languages (issue 30): Azerbaijani first and by default, then English and Russian. */
export const languages = ['az', 'en', 'ru'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'az';
export const isLanguage = (value: unknown): value is Language => (languages as readonly unknown[]).includes(value);
