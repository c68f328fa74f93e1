// The ALTCHA custom element and its Azerbaijani texts: a chunk of their own, defined after the first paint.
import 'altcha';
import 'altcha/i18n/az';
