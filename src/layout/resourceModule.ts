import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';
import type { ResourceName } from '../domain/operations';
import type { PageLoader } from './pageLoader';

/**
 * What a feature folder exports for its react-admin resource (as in
 * react-admin's demo: `{list, create, edit, icon, recordRepresentation}`):
 * the list screen and the icon are loaded lazily, so the modules cost the
 * login screen nothing but this table. Creating and editing happen in the list's modals (spec §2), so no
 * resource here has create or edit pages.
 */
export interface ResourceModule {
  name: ResourceName;
  /** the list screen; none: a resource shown inside another screen (Home's changes) */
  list?: PageLoader;
  icon: ComponentType;
  recordRepresentation: string | ((record: RaRecord) => string);
}
