import express from 'express';
import type { EcoAssetAuditsResponse, EcoAssetListResponse, MintPayload, MintResult } from '../../src/domain/api/ecoAssets';
import { mintPayloadProblems } from '../../src/domain/minting';
import { requireOperation } from '../auth/middleware';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../http/errors';
import { positiveId } from '../http/fieldErrors';
import { toAuditAllocation, toAvailableCo2, toEcoAsset, toFacilityEcoAsset } from './ecoAssetView';
import { provenanceOf } from './provenance';

/**
 * The eco-asset calls (spec §7): the CO2 left to mint from, minting, a
 * facility's eco assets and an eco asset's allocations; and its provenance.
 * The store makes a mint one transaction that locks the audits it draws on,
 * so no kilogram is allocated twice however many mint at once.
 */
export function ecoAssetRoutes(ctx: AppContext): express.Router {
  const router = express.Router();
  const { data } = ctx;

  const ecoAsset = async (id: unknown, name: string) => {
    const asset = await data.ecoAssets.get(positiveId(id, name));
    if (!asset) throw notFound('No such eco asset.');
    return asset;
  };

  // the Minting page's table: what the minter may draw on
  router.get('/eco-asset/available_co2', requireOperation('eco_assets', 'create'), async (_req, res) => {
    res.json(toAvailableCo2(await data.ecoAssets.available()));
  });

  router.post('/eco-asset/mint', requireOperation('eco_assets', 'create'), async (req, res) => {
    // the shape openapi.yaml promises, checked by the OpenAPI validator; the values are checked here
    const payload: MintPayload = req.body;
    const problems = mintPayloadProblems(payload);
    if (Object.keys(problems).length > 0) throw badRequest(Object.values(problems).join(' '), problems);
    // each amount against what remains of its audit, at the moment of writing: a 409 naming the audit
    const { asset } = await data.ecoAssets.mint({
      minting_note: payload.minting_note,
      transaction_id: payload.transaction_id,
      allocations: new Map(Object.entries(payload.co2_utilisation).map(([signoffId, kg]) => [Number(signoffId), kg])),
      minted_ts: new Date().toISOString(),
      minted_by: req.auth!.userId,
    });
    const body: MintResult = { status: 1, eco_asset: toEcoAsset(asset) };
    res.json(body);
  });

  router.get('/eco-asset/list', requireOperation('eco_assets', 'list'), async (req, res) => {
    const facilityId = positiveId(req.query.facility_id, 'facility_id');
    if (!(await data.facilities.get(facilityId))) throw notFound('No such facility.');
    const assets = await data.ecoAssets.list({ facilityId });
    const allocations = await Promise.all(assets.map((asset) => data.ecoAssets.allocations(asset.id)));
    const body: EcoAssetListResponse = { eco_assets: assets.map((asset, i) => toFacilityEcoAsset(asset, allocations[i], facilityId)) };
    res.json(body);
  });

  router.get('/eco-asset/audits', requireOperation('eco_assets', 'show'), async (req, res) => {
    const asset = await ecoAsset(req.query.id, 'id');
    const body: EcoAssetAuditsResponse = { audits: (await data.ecoAssets.allocations(asset.id)).map(toAuditAllocation) };
    res.json(body);
  });

  router.get('/eco-asset/:id/provenance', requireOperation('eco_assets', 'show'), async (req, res) => {
    res.json(await provenanceOf(data, await ecoAsset(req.params.id, 'id')));
  });

  return router;
}
