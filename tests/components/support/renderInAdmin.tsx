import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, Notification, testDataProvider, type DataProvider } from 'react-admin';
import { fleetMethods } from '../../../src/providers/fleetMethods';
import { i18nProvider } from '../../../src/providers/i18nProvider';
import { createQueryClient } from '../../../src/providers/queryClient';

/**
 * One component with the console's messages and theme defaults, and the given data provider methods.
 * The Fleet methods are the real ones (answered by a mocked fetch): the anomaly warnings ride on other screens.
 */
export function renderInAdmin(ui: ReactNode, dataProvider: Partial<DataProvider> = {}) {
  return render(
    <AdminContext
      i18nProvider={i18nProvider}
      dataProvider={testDataProvider({ ...fleetMethods, ...dataProvider })}
      queryClient={createQueryClient()}
    >
      {ui}
    </AdminContext>,
  );
}

/** A screen with the console's notification area beside it, for the outcomes it notifies. */
export function renderWithNotification(screen: ReactNode, dataProvider: Partial<DataProvider> = {}) {
  return renderInAdmin(
    <>
      {screen}
      <Notification />
    </>,
    dataProvider,
  );
}
