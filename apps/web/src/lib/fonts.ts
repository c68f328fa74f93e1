/**
 * The app's one typeface (issue 30): Noto Sans, shipped with the app (`@fontsource/noto-sans`, weights 400 and
 * 600, `font-display: swap`), so every Azerbaijani letter, Cyrillic and the manat sign ₼ draw alike on every
 * machine. The browser fetches only the subsets a page's text needs (each face has its `unicode-range`). The
 * server's PDFs embed the same family (`apps/server/src/features/payments/receipt.ts`).
 */
export const appFontName = 'Noto Sans';
export const appFontFamily = `'${appFontName}', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`;
