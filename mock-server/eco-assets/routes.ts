import { issuanceSubject, retirementSubject } from '../../src/domain/transparency/entries';
import { signedCheckpoint } from '../transparency/log';
import type {
  BufferShare,
  BufferShareChange,
  BufferSharePayload,
  EcoAssetAuditsResponse,
  EcoAssetListResponse,
  MintPayload,
  MintResult,
  RetirePayload,
  RetireResult,
} from '../../src/domain/api/ecoAssets';
import { basisPointsToPercent, bufferPercentProblem, percentToBasisPoints } from '../../src/domain/ledger';
import { mintPayloadProblems } from '../../src/domain/minting';
import type { AppContext } from '../context';
import type { Handlers } from '../http/mountOperations';
import { badRequest, fieldError, notFound } from '../http/errors';
import { positiveId } from '../http/fieldErrors';
import { certificatePdf } from './certificate';
import { toAuditAllocation, toAvailableCo2, toEcoAsset, toEcoRetirement, toFacilityEcoAsset } from './ecoAssetView';
import { provenanceOf } from './provenance';

/**
 * The eco-asset calls (docs/product.md#calls): the CO2 left to mint from, minting, a
 * facility's eco assets and an eco asset's allocations; and the ledger
 * beyond the spec: provenance, certificate, retirement and the buffer share.
 * The store makes a mint one transaction that locks the audits it draws on,
 * so no kilogram is allocated twice however many mint at once.
 */
export function ecoAssetHandlers(ctx: AppContext): Handlers {
  const { data } = ctx;

  const ecoAsset = async (id: unknown, name: string) => {
    const asset = await data.ecoAssets.get(positiveId(id, name));
    if (!asset) throw notFound('No such eco asset.');
    return asset;
  };

  const bufferShare = async (): Promise<BufferShare> => {
    const share = await data.ecoAssets.bufferShare();
    if (!share) return { buffer_percent: 0, set_ts: null, set_by_username: null };
    const by = share.set_by === null ? null : await data.users.get(share.set_by);
    return { buffer_percent: basisPointsToPercent(share.basis_points), set_ts: share.set_ts, set_by_username: by?.username ?? null };
  };

  return {
    // the Minting page's table: what the minter may draw on
    getAvailableCo2: async (_req, res) => {
      res.json(toAvailableCo2(await data.ecoAssets.available()));
    },

    mintEcoAsset: async (req, res) => {
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
    },

    listEcoAssets: async (req, res) => {
      const facilityId = positiveId(req.query.facility_id, 'facility_id');
      if (!(await data.facilities.get(facilityId))) throw notFound('No such facility.');
      const assets = await data.ecoAssets.list({ facilityId });
      const allocations = await Promise.all(assets.map((asset) => data.ecoAssets.allocations(asset.id)));
      const body: EcoAssetListResponse = { eco_assets: assets.map((asset, i) => toFacilityEcoAsset(asset, allocations[i], facilityId)) };
      res.json(body);
    },

    listEcoAssetAudits: async (req, res) => {
      const asset = await ecoAsset(req.query.id, 'id');
      const body: EcoAssetAuditsResponse = { audits: (await data.ecoAssets.allocations(asset.id)).map(toAuditAllocation) };
      res.json(body);
    },

    getEcoAssetProvenance: async (req, res) => {
      res.json(await provenanceOf(ctx, await ecoAsset(req.params.id, 'id')));
    },

    getEcoAssetCertificate: async (req, res) => {
      const provenance = await provenanceOf(ctx, await ecoAsset(req.params.id, 'id'));
      const log = ctx.data.transparency;
      const [issuance, retirements, { note }] = await Promise.all([
        log.indexOf(issuanceSubject(provenance.eco_asset.id)),
        Promise.all(provenance.retirements.map(async (r) => [r.id, await log.indexOf(retirementSubject(r.id))] as const)),
        signedCheckpoint(log, ctx.config.transparencyOrigin, ctx.signer),
      ]);
      const pdf = await certificatePdf(provenance, new Date().toISOString(), ctx.signer.kid, {
        issuance,
        retirements: new Map(retirements),
        checkpoint: note,
      });
      res
        .type('application/pdf')
        .set('Content-Disposition', `attachment; filename="eco-asset-${provenance.eco_asset.id}-certificate.pdf"`)
        .send(Buffer.from(pdf));
    },

    retireEcoAsset: async (req, res) => {
      // the shape openapi.yaml promises is checked by the validator; the amount against what is left by the store, in its transaction
      const payload: RetirePayload = req.body;
      const retired = await data.ecoAssets.retire({
        eco_asset_id: positiveId(req.params.id, 'id'),
        kg: payload.kg,
        beneficiary: payload.beneficiary,
        purpose: payload.purpose ?? '',
        retired_ts: new Date().toISOString(),
        retired_by: req.auth!.userId,
      });
      if (!retired) throw notFound('No such eco asset.');
      const body: RetireResult = { eco_asset: toEcoAsset(retired.asset), retirement: toEcoRetirement(retired.retirement) };
      res.json(body);
    },

    // the mint modal shows what the next mint withholds; the Admin screen sets it
    getBufferShare: async (_req, res) => {
      res.json(await bufferShare());
    },

    // the Admin screen's trail of the setting: every share set, who set it and when
    listBufferShareChanges: async (_req, res) => {
      const shares = await data.ecoAssets.bufferShares();
      const ids = [...new Set(shares.flatMap((share) => (share.set_by === null ? [] : [share.set_by])))];
      const users = new Map(
        (await Promise.all(ids.map((id) => data.users.get(id)))).flatMap((user) => (user ? [[user.id, user.username] as const] : [])),
      );
      const body: BufferShareChange[] = shares.map((share) => ({
        id: share.id,
        buffer_percent: basisPointsToPercent(share.basis_points),
        actor_id: share.set_by,
        actor_username: share.set_by === null ? null : (users.get(share.set_by) ?? null),
        ts: share.set_ts,
      }));
      res.json(body);
    },

    setBufferShare: async (req, res) => {
      const payload: BufferSharePayload = req.body;
      const problem = bufferPercentProblem(payload.buffer_percent);
      if (problem) throw fieldError('buffer_percent', problem);
      const basisPoints = percentToBasisPoints(payload.buffer_percent);
      // setting the share in force again decides nothing: no new record
      if (((await data.ecoAssets.bufferShare())?.basis_points ?? 0) !== basisPoints) {
        await data.ecoAssets.setBufferShare({ basis_points: basisPoints, set_by: req.auth!.userId, set_ts: new Date().toISOString() });
      }
      res.json(await bufferShare());
    },
  };
}
