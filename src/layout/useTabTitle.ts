import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

/** Sets the browser tab's title to 'Screen · Kiln Console' while the screen is shown (a message key). */
export function useTabTitle(screen: string | null): void {
  const translate = useTranslate();
  const app = translate('app.title');
  const text = screen ? translate(screen) : null;
  useEffect(() => {
    document.title = text && text !== app ? `${text} · ${app}` : app;
  }, [text, app]);
}
