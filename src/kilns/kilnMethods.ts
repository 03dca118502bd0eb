/** The Kiln Registry's calls (spec §7), spread into the console's data provider. */
import type { KilnRegistryResponse, KilnSavePayload, StatusResponse } from '../domain/api/configure';
import { apiFetch } from '../providers/httpClient';
import { postForStatus } from '../providers/statusCall';

/** react-query key of the registry; saving a kiln or a facility refetches it. */
export const KILN_REGISTRY_KEY = ['kilnRegistry'] as const;

export const kilnMethods = {
  /** GET /api/kiln/registry/list: the kilns and the facilities a kiln may be put in. */
  async getKilnRegistry(): Promise<KilnRegistryResponse> {
    return (await apiFetch('/kiln/registry/list')).json as KilnRegistryResponse;
  },

  /** POST /api/kiln/registry/add (id null) or /edit; resolves on status 1. */
  saveKiln(payload: KilnSavePayload): Promise<StatusResponse> {
    return postForStatus(payload.id === null ? '/kiln/registry/add' : '/kiln/registry/edit', payload);
  },
};
