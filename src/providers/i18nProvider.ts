import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { en } from '../i18n/en';

/** react-admin's own English texts (ra.*) with the console's catalogue beside them. */
export const messages = { ...englishMessages, ...en };

export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }]);
