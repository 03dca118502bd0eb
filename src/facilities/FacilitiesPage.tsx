import { Page } from '../layout/Page';

/** Facilities (spec §2): a placeholder until its feature replaces this page. */
export default function FacilitiesPage() {
  return <Page title="pages.facilities" />;
}
