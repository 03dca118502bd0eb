import { ROLES } from '../../../src/domain/rules';
import { conflict } from '../errors';
import { pageOf, sortRows, type SortKey } from '../paging';
import { queryKilnLogs } from '../../kilnlogs/query';
import { dueForPurge } from '../../kilnlogs/retention';
import {
  ANY_KILN_TYPE,
  checkAllocations,
  checkMintInput,
  checkProposeInput,
  checkSignoff,
  checkSignoffBurns,
  claimProblems,
  frozenBurn,
  refuseClaim,
  refuseTakenTransaction,
  transactionKey,
  unsignedProblems,
} from '../auditRules';
import { mintLedger, nextSerial, retirementOf } from '../ledgerRules';
import { keyTaken } from '../../kilns/kilnKeys';
import { sumKg, toGrams, toKg } from '../../../src/domain/carbon';
import type {
  AuditStore,
  AuditTotals,
  ChangeStore,
  Co2SummaryRow,
  EcoAssetStore,
  FacilityStore,
  KilnLogStore,
  KilnStore,
  StatisticsStore,
  StoreParts,
  UserSortField,
  UserStore,
} from '../dataStore';
import type { AuditRow, EcoAssetRecord, FacilityRecord, KilnLogRecord, StatisticsSnapshot, UserRow } from '../records';
import { LAST_SUPER_ADMIN, OWNER_ROLES, unknownFacilities } from '../userRules';
import type { EmbeddedShape, Mutator } from './state';
import { embeddedFleet } from './fleetPart';

/** How the parts reach the state: alone (queued, each write its own transaction) or inside a transaction. */
export interface Access {
  read<T>(fn: (s: EmbeddedShape) => T): Promise<T>;
  write<T>(fn: (s: EmbeddedShape, m: Mutator) => T): Promise<T>;
}

/** Records leave the store as copies: a caller changing one changes nothing stored. */
const copy = <T>(value: T): T => structuredClone(value);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const byNumber = (a: number, b: number) => a - b;

function users(a: Access): UserStore {
  const USER_KEYS: Record<UserSortField, (u: UserRow) => SortKey> = {
    id: (u) => u.id,
    username: (u) => u.username,
    role: (u) => u.role,
    created_ts: (u) => u.created_ts,
    last_login_ts: (u) => u.last_login_ts,
  };
  const taken = (s: EmbeddedShape, username: string, except?: number) => s.users.some((u) => u.id !== except && sameName(u.username, username));
  /** the oldest super-admin but this user: who takes over what the user owned */
  const heirOf = (s: EmbeddedShape, id: number) => s.users.filter((u) => u.role === ROLES.SUPER_ADMIN && u.id !== id).sort((x, y) => x.id - y.id)[0];
  const refuseLastSuperAdmin = (s: EmbeddedShape, row: UserRow) => {
    if (row.role === ROLES.SUPER_ADMIN && !heirOf(s, row.id)) throw conflict(LAST_SUPER_ADMIN);
  };
  const handOver = (s: EmbeddedShape, m: Mutator, id: number, keep: ReadonlySet<number> = new Set()) => {
    const heir = heirOf(s, id);
    if (!heir) return;
    for (const f of s.facilities) if (f.owner_id === id && !keep.has(f.id)) m.patch(f, { owner_id: heir.id });
  };
  return {
    get: (id) => a.read((s) => copy(s.users.find((u) => u.id === id) ?? null)),
    findByUsername: (username) => a.read((s) => copy(s.users.find((u) => u.username === username) ?? null)),
    // a transaction here has the whole state to itself already
    lock: (id) => a.read((s) => copy(s.users.find((u) => u.id === id) ?? null)),
    list: (filter, page) =>
      a.read((s) => {
        const ids = filter.ids && new Set(filter.ids);
        const rows = s.users.filter(
          (u) => (!ids || ids.has(u.id)) && (filter.role === undefined || u.role === filter.role) && (!filter.q || u.username.toLowerCase().includes(filter.q)),
        );
        return copy(pageOf(sortRows(rows, USER_KEYS[page.sort.field], page.sort.order), page.range));
      }),
    withRoles: (roles) => a.read((s) => copy(s.users.filter((u) => roles.includes(u.role)))),
    create: (user) =>
      a.write((s, m) => {
        if (taken(s, user.username)) throw conflict(`The username ${user.username} is taken.`);
        // a user id is never given twice, so a deleted user's recorded changes never attach to a new one
        let id = m.nextId('users');
        const highestRecorded = s.user_changes.reduce((n, c) => Math.max(n, c.user_id), 0);
        if (id <= highestRecorded) id = highestRecorded + 1;
        const row: UserRow = { must_change_password: false, locked: false, ...copy(user), id, token_version: 0, last_login_ts: null };
        m.insert('users', row);
        return copy(row);
      }),
    update: (id, patch) =>
      a.write((s, m) => {
        const row = s.users.find((u) => u.id === id);
        if (!row) return null;
        if (patch.username !== undefined && taken(s, patch.username, id)) throw conflict(`The username ${patch.username} is taken.`);
        const roleChanges = patch.role !== undefined && patch.role !== row.role;
        if (roleChanges) refuseLastSuperAdmin(s, row);
        if (roleChanges && !OWNER_ROLES.includes(patch.role!)) handOver(s, m, id);
        const bump = (patch.password_hash !== undefined && patch.password_hash !== row.password_hash) || roleChanges;
        m.patch(row, { ...copy(patch), ...(bump && { token_version: row.token_version + 1 }) });
        return copy(row);
      }),
    recordLogin: (id, ts) =>
      a.write((s, m) => {
        const row = s.users.find((u) => u.id === id);
        if (row) m.patch(row, { last_login_ts: ts });
      }),
    delete: (id) =>
      a.write((s, m) => {
        const row = s.users.find((u) => u.id === id);
        if (!row) return false;
        refuseLastSuperAdmin(s, row);
        handOver(s, m, id);
        return m.remove('users', (u) => u.id === id).length > 0;
      }),
    count: () => a.read((s) => s.users.length),
    setFacilities: (id, facilityIds) =>
      a.write((s, m) => {
        if (!s.users.some((u) => u.id === id)) return null;
        const unknown = facilityIds.filter((fid) => !s.facilities.some((f) => f.id === fid));
        if (unknown.length) throw unknownFacilities(unknown);
        const before = s.facilities.filter((f) => f.owner_id === id).map((f) => f.id).sort(byNumber);
        const wanted = new Set(facilityIds);
        handOver(s, m, id, wanted);
        const taken = s.facilities.filter((f) => wanted.has(f.id) && f.owner_id !== id).map((f) => ({ id: f.id, owner_id: f.owner_id }));
        for (const f of s.facilities) if (wanted.has(f.id) && f.owner_id !== id) m.patch(f, { owner_id: id });
        return { before, after: [...wanted].sort(byNumber), taken: taken.sort((x, y) => x.id - y.id) };
      }),
    recordChange: (change) =>
      a.write((_s, m) => {
        const row = { ...copy(change), id: m.nextId('user_changes') };
        m.insert('user_changes', row);
        return copy(row);
      }),
    changesOf: (userId) =>
      a.read((s) => copy(s.user_changes.filter((c) => c.user_id === userId).sort((x, y) => byText(y.ts, x.ts) || y.id - x.id))),
  };
}

function facilities(a: Access): FacilityStore {
  return {
    list: (filter = {}) =>
      a.read((s) =>
        s.facilities
          .filter((f) => filter.ownerId === undefined || f.owner_id === filter.ownerId)
          .sort((x, y) => byText(x.mnemonic, y.mnemonic))
          .map((f) => ({ ...copy(f), photo_uploaded_ts: s.facility_photos.find((p) => p.facility_id === f.id)?.photo.uploaded_ts ?? null })),
      ),
    get: (id) => a.read((s) => copy(s.facilities.find((f) => f.id === id) ?? null)),
    // transactions run one at a time here: a read inside one is as good as a lock
    lock: (id) => a.read((s) => copy(s.facilities.find((f) => f.id === id) ?? null)),
    idsOwnedBy: (userId) => a.read((s) => s.facilities.filter((f) => f.owner_id === userId).map((f) => f.id)),
    mnemonics: () => a.read((s) => s.facilities.map((f) => f.mnemonic).sort(byText)),
    create: (fields) =>
      a.write((s, m) => {
        if (s.facilities.some((f) => f.mnemonic === fields.mnemonic)) throw conflict(`The mnemonic ${fields.mnemonic} is taken.`);
        const row: FacilityRecord = { signed_burns_only: false, ...copy(fields), id: m.nextId('facilities') };
        m.insert('facilities', row);
        return copy(row);
      }),
    update: (id, patch) =>
      a.write((s, m) => {
        const row = s.facilities.find((f) => f.id === id);
        if (!row) return null;
        if (patch.mnemonic !== undefined && s.facilities.some((f) => f.id !== id && f.mnemonic === patch.mnemonic)) {
          throw conflict(`The mnemonic ${patch.mnemonic} is taken.`);
        }
        m.patch(row, copy(patch));
        return copy(row);
      }),
    photo: (facilityId) => a.read((s) => copy(s.facility_photos.find((p) => p.facility_id === facilityId) ?? null)),
    replacePhoto: (photo) =>
      a.write((_s, m) => {
        const [replaced = null] = m.remove('facility_photos', (p) => p.facility_id === photo.facility_id);
        const row = { ...copy(photo), id: m.nextId('facility_photos') };
        m.insert('facility_photos', row);
        return { photo: copy(row), replaced };
      }),
    addStatement: (statement, ts) =>
      a.write((s, m) => {
        const facility = s.facilities.find((f) => f.id === statement.facility_id);
        if (!facility) throw conflict('No such facility.');
        const row = { ...copy(statement), id: m.nextId('facility_audits') };
        m.insert('facility_audits', row);
        m.patch(facility, { latest_facility_audit_id: row.id, last_updated: ts });
        return copy(row);
      }),
    statement: (facilityId, id) =>
      a.read((s) => {
        const wanted = id ?? s.facilities.find((f) => f.id === facilityId)?.latest_facility_audit_id ?? null;
        return copy(s.facility_audits.find((st) => st.id === wanted && st.facility_id === facilityId) ?? null);
      }),
    recordChange: (change) =>
      a.write((_s, m) => {
        const row = { ...copy(change), id: m.nextId('facility_changes') };
        m.insert('facility_changes', row);
        return copy(row);
      }),
    changesOf: (facilityId, actions) =>
      a.read((s) =>
        copy(s.facility_changes.filter((c) => c.facility_id === facilityId && (!actions || actions.includes(c.action))).sort((x, y) => byText(y.ts, x.ts) || y.id - x.id)),
      ),
  };
}

function kilns(a: Access): KilnStore {
  const taken = (s: EmbeddedShape, kilnId: string, except?: number) => s.kilns.some((k) => k.id !== except && sameName(k.kiln_id, kilnId));
  return {
    list: (filter = {}) =>
      a.read((s) =>
        s.kilns
          .filter((k) => !filter.facilityIds || filter.facilityIds.includes(k.facility_id))
          .map((k) => {
            const f = s.facilities.find((x) => x.id === k.facility_id);
            return { ...copy(k), facility_mnemonic: f?.mnemonic ?? '', facility_name: f?.name ?? '' };
          }),
      ),
    get: (id) => a.read((s) => copy(s.kilns.find((k) => k.id === id) ?? null)),
    lock: (id) => a.read((s) => copy(s.kilns.find((k) => k.id === id) ?? null)),
    findByKilnId: (kilnId) =>
      a.read((s) => {
        const kiln = s.kilns.find((k) => sameName(k.kiln_id, kilnId));
        const facility = kiln && s.facilities.find((f) => f.id === kiln.facility_id);
        return kiln && facility ? copy({ kiln, facility }) : null;
      }),
    create: (fields) =>
      a.write((s, m) => {
        if (taken(s, fields.kiln_id)) throw conflict(`The kiln id ${fields.kiln_id} is taken.`);
        const row = { ...copy(fields), id: m.nextId('kilns') };
        m.insert('kilns', row);
        return copy(row);
      }),
    update: (id, patch) =>
      a.write((s, m) => {
        const row = s.kilns.find((k) => k.id === id);
        if (!row) return null;
        if (patch.kiln_id !== undefined && taken(s, patch.kiln_id, id)) throw conflict(`The kiln id ${patch.kiln_id} is taken.`);
        m.patch(row, copy(patch));
        return copy(row);
      }),
    approve: (id, approval) =>
      a.write((s, m) => {
        const row = s.kilns.find((k) => k.id === id);
        if (!row) return null;
        if (row.approved_ts !== null) return { kiln: copy(row), approved: false };
        m.patch(row, { ...approval });
        for (const log of s.kilnlogs) {
          if (log.kiln === id && log.facility_id === row.facility_id && log.kiln_pending) m.patch(log, { kiln_pending: false });
        }
        return { kiln: copy(row), approved: true };
      }),
    keys: (kilnId) => a.read((s) => copy(s.kiln_keys.filter((k) => k.kiln_id === kilnId).sort((x, y) => x.id - y.id))),
    keyByFingerprint: (fingerprint) => a.read((s) => copy(s.kiln_keys.find((k) => k.fingerprint === fingerprint) ?? null)),
    addKey: (key) =>
      a.write((s, m) => {
        if (s.kiln_keys.some((k) => k.fingerprint === key.fingerprint)) throw keyTaken();
        const row = { ...copy(key), revoked_ts: null, id: m.nextId('kiln_keys') };
        m.insert('kiln_keys', row);
        return copy(row);
      }),
    revokeKey: (kilnId, keyId, ts) =>
      a.write((s, m) => {
        const row = s.kiln_keys.find((k) => k.id === keyId && k.kiln_id === kilnId);
        if (!row) return null;
        if (row.revoked_ts !== null) return { key: copy(row), revoked: false };
        m.patch(row, { revoked_ts: ts });
        return { key: copy(row), revoked: true };
      }),
  };
}

function kilnLogs(a: Access): KilnLogStore {
  const twinOf = (s: EmbeddedShape, sha256: string) => s.kilnlogs.find((r) => r.sha256 === sha256);
  const refuseTwin = (twin: KilnLogRecord) => {
    throw conflict(`This file was uploaded before, as log ${twin.id}${twin.archived_ts ? ' (archived)' : ''}.`);
  };
  return {
    reserveId: () => a.write((_s, m) => m.nextId('kilnlogs')),
    insert: (row) =>
      a.write((s, m) => {
        const twin = twinOf(s, row.sha256);
        if (twin) refuseTwin(twin);
        if (s.kilnlogs.some((r) => r.id === row.id)) throw conflict(`Log ${row.id} exists.`);
        m.insert('kilnlogs', copy(row));
        return copy(row);
      }),
    insertMany: (rows) =>
      a.write((s, m) => {
        const seen = new Set(s.kilnlogs.map((r) => r.sha256));
        for (const row of rows) {
          if (seen.has(row.sha256)) throw conflict(`Log ${row.id} repeats the content of another.`);
          seen.add(row.sha256);
          m.insert('kilnlogs', copy(row));
        }
      }),
    get: (id) => a.read((s) => copy(s.kilnlogs.find((r) => r.id === id) ?? null)),
    findBySha256: (sha256) => a.read((s) => copy(twinOf(s, sha256) ?? null)),
    list: (scope, filter, page) =>
      a.read((s) => {
        const found = queryKilnLogs(s.kilnlogs, scope, filter, page);
        const jobIds = new Map(s.audits.map((x) => [x.id, x.job_id]));
        const rows = found.rows.map((row) => ({ ...row, audit_job_id: row.audit_id === null ? null : (jobIds.get(row.audit_id) ?? null) }));
        return copy({ ...found, rows });
      }),
    update: (id, patch) =>
      a.write((s, m) => {
        const row = s.kilnlogs.find((r) => r.id === id);
        if (!row) return null;
        m.patch(row, copy(patch));
        return copy(row);
      }),
    fileUnassigned: (id, patch) =>
      a.write((s, m) => {
        const row = s.kilnlogs.find((r) => r.id === id);
        if (!row || row.facility_id !== null || row.audited || row.archived_ts !== null) return null;
        m.patch(row, copy(patch));
        return copy(row);
      }),
    dueForPurge: (now) => a.read((s) => copy(dueForPurge(s.kilnlogs, now))),
    remove: (ids) =>
      a.write((s, m) => {
        const claimed = new Set(s.audits.flatMap((x) => x.analysis_ids));
        const gone = new Set(ids.filter((id) => !claimed.has(id)));
        const removed = m.remove('kilnlogs', (r) => gone.has(r.id) && !r.audited);
        // what the fleet knew of them goes with them; another burn naming one of them no longer names it
        const removedIds = new Set(removed.map((r) => r.id));
        m.remove('fleet_burns', (r) => removedIds.has(r.log_id));
        m.remove('anomalies', (r) => removedIds.has(r.log_id));
        for (const an of s.anomalies) if (an.other_log_id !== null && removedIds.has(an.other_log_id)) m.patch(an, { other_log_id: null });
        return copy(removed);
      }),
  };
}

/** Grams allocated so far per audit. */
function allocatedGrams(s: EmbeddedShape): Map<number, number> {
  const used = new Map<number, number>();
  for (const al of s.eco_allocations) used.set(al.audit_id, (used.get(al.audit_id) ?? 0) + toGrams(al.co2_allocated));
  return used;
}

/**
 * Each audit's burns summed in whole grams in one pass over them: an answer
 * over every audit (the carbon summary, the available CO2) reads the burns
 * once, not once an audit.
 */
function burnSums(s: EmbeddedShape): Map<number, { co2: number; biochar: number }> {
  const sums = new Map<number, { co2: number; biochar: number }>();
  for (const b of s.audit_burns) {
    const sum = sums.get(b.audit_id) ?? { co2: 0, biochar: 0 };
    sum.co2 += toGrams(b.co2_removed);
    sum.biochar += toGrams(b.biochar_produced);
    sums.set(b.audit_id, sum);
  }
  return sums;
}

/** grams summed, as kg */
function totalsOf(s: EmbeddedShape, audit: AuditRow, used = allocatedGrams(s), burned = burnSums(s)): AuditTotals {
  const burns = burned.get(audit.id);
  return {
    audit: copy(audit),
    audited_co2: toKg(burns?.co2 ?? 0),
    audited_biochar: toKg(burns?.biochar ?? 0),
    utilised_co2: toKg(used.get(audit.id) ?? 0),
  };
}

const inFacilities = (ids: readonly number[] | null | undefined, facilityId: number) => !ids || ids.includes(facilityId);

function audits(a: Access): AuditStore {
  const openClaims = (s: EmbeddedShape) => new Set(s.audits.filter((x) => x.signoff_ts === null).flatMap((x) => x.analysis_ids));
  return {
    get: (id) => a.read((s) => copy(s.audits.find((x) => x.id === id) ?? null)),
    withDocKey: (docKey) => a.read((s) => copy(s.audits.find((x) => x.signoff_ts !== null && x.doc_key === docKey) ?? null)),
    open: () => a.read((s) => copy(s.audits.filter((x) => x.signoff_ts === null).sort((x, y) => byText(y.create_ts, x.create_ts) || y.id - x.id))),
    potentialLogs: ({ kiln_type, facilityIds }) =>
      a.read((s) => {
        const claimed = openClaims(s);
        return copy(
          s.kilnlogs
            .filter(
              (r) =>
                r.valid &&
                !r.kiln_pending &&
                r.error_message === null &&
                !r.audited &&
                r.archived_ts === null &&
                (kiln_type === ANY_KILN_TYPE || r.type === kiln_type) &&
                r.facility_id !== null &&
                inFacilities(facilityIds, r.facility_id) &&
                !claimed.has(r.id),
            )
            .sort((x, y) => byText(x.logts ?? '', y.logts ?? '') || x.id - y.id),
        );
      }),
    logsOf: (auditId) =>
      a.read((s) => {
        const ids = new Set(s.audits.find((x) => x.id === auditId)?.analysis_ids ?? []);
        return copy(s.kilnlogs.filter((r) => ids.has(r.id)));
      }),
    propose: (input) =>
      a.write((s, m) => {
        checkProposeInput(input);
        const rows = new Map(s.kilnlogs.filter((r) => input.analysis_ids.includes(r.id)).map((r) => [r.id, r]));
        const { problems, facilityId, kilnType } = claimProblems(input, rows, openClaims(s));
        if (!problems.length) problems.push(...unsignedProblems(s.facilities.find((f) => f.id === facilityId) ?? null, rows.values()));
        if (problems.length) refuseClaim(problems);
        const row: AuditRow = {
          id: m.nextId('audits'),
          job_id: input.job_id.trim(),
          kiln_type: kilnType,
          facility_id: facilityId!,
          create_ts: input.create_ts,
          analysis_ids: [...input.analysis_ids],
          signoff_ts: null,
          doc_key: null,
          doc_mime_type: null,
          proposed_by: input.proposed_by,
          signed_off_by: null,
        };
        m.insert('audits', row);
        return copy(row);
      }),
    signoff: (input) =>
      a.write((s, m) => {
        const audit = s.audits.find((x) => x.id === input.audit_id) ?? null;
        checkSignoff(audit, input.analysis_ids);
        const signed = new Set(input.analysis_ids);
        checkSignoffBurns(s.kilnlogs.filter((r) => signed.has(r.id)), input.algorithm_version, s.facilities.find((f) => f.id === audit!.facility_id) ?? null);
        m.patch(audit!, {
          analysis_ids: audit!.analysis_ids.filter((id) => signed.has(id)),
          signoff_ts: input.signoff_ts,
          doc_key: input.doc_key,
          doc_mime_type: input.doc_mime_type,
          signed_off_by: input.signed_off_by,
        });
        for (const row of s.kilnlogs.filter((r) => signed.has(r.id))) {
          m.insert('audit_burns', frozenBurn(audit!.id, row, input.algorithm_version));
          m.patch(row, { audited: true, audit_id: audit!.id });
        }
        return totalsOf(s, audit!);
      }),
    history: ({ facilityIds, from, to }) =>
      a.read((s) => {
        const used = allocatedGrams(s);
        const burned = burnSums(s);
        return s.audits
          .filter((x) => x.signoff_ts !== null && inFacilities(facilityIds, x.facility_id) && (!from || x.signoff_ts >= from) && (!to || x.signoff_ts <= to))
          .sort((x, y) => byText(y.signoff_ts!, x.signoff_ts!) || y.id - x.id)
          .map((x) => totalsOf(s, x, used, burned));
      }),
    burns: (auditId) => a.read((s) => copy(s.audit_burns.filter((b) => b.audit_id === auditId).sort((x, y) => x.kilnlog_id - y.kilnlog_id))),
    co2Summary: (filter = {}) =>
      a.read((s) => {
        const used = allocatedGrams(s);
        const burned = burnSums(s);
        const rows = new Map<string, Co2SummaryRow>();
        for (const audit of s.audits) {
          if (audit.signoff_ts === null || !inFacilities(filter.facilityIds, audit.facility_id)) continue;
          const year = Number(audit.signoff_ts.slice(0, 4));
          const month = Number(audit.signoff_ts.slice(5, 7));
          const key = `${audit.facility_id}/${year}/${month}`;
          const row = rows.get(key) ?? {
            facility_id: audit.facility_id,
            facility_name: s.facilities.find((f) => f.id === audit.facility_id)?.name ?? '',
            year,
            month,
            audited_co2: 0,
            utilised_co2: 0,
            audited_biochar: 0,
          };
          const t = totalsOf(s, audit, used, burned);
          row.audited_co2 = sumKg([row.audited_co2, t.audited_co2]);
          row.audited_biochar = sumKg([row.audited_biochar, t.audited_biochar]);
          row.utilised_co2 = sumKg([row.utilised_co2, t.utilised_co2]);
          rows.set(key, row);
        }
        return [...rows.values()].sort((x, y) => y.year - x.year || y.month - x.month || x.facility_id - y.facility_id);
      }),
  };
}

/** the buffer share set last (the highest id) */
const currentShare = (s: EmbeddedShape) => s.buffer_shares.reduce<EmbeddedShape['buffer_shares'][number] | null>((n, b) => (!n || b.id > n.id ? b : n), null);

function ecoAssets(a: Access): EcoAssetStore {
  const remainingGrams = (s: EmbeddedShape, used: Map<number, number>, auditId: number, burned = burnSums(s)): number | null => {
    const audit = s.audits.find((x) => x.id === auditId);
    if (!audit || audit.signoff_ts === null) return null;
    return toGrams(totalsOf(s, audit, used, burned).audited_co2) - (used.get(auditId) ?? 0);
  };
  return {
    available: (filter = {}) =>
      a.read((s) => {
        const used = allocatedGrams(s);
        const burned = burnSums(s);
        return s.audits
          .filter((x) => x.signoff_ts !== null && inFacilities(filter.facilityIds, x.facility_id))
          .sort((x, y) => x.facility_id - y.facility_id || byText(x.signoff_ts!, y.signoff_ts!) || x.id - y.id)
          .map((x) => ({
            ...totalsOf(s, x, used, burned),
            facility_name: s.facilities.find((f) => f.id === x.facility_id)?.name ?? '',
            remaining_co2: toKg(remainingGrams(s, used, x.id, burned) ?? 0),
          }));
      }),
    remaining: (auditId) => a.read((s) => toKg(Math.max(0, remainingGrams(s, allocatedGrams(s), auditId) ?? 0))),
    mint: (input) =>
      a.write((s, m) => {
        checkMintInput(input);
        if (s.eco_assets.some((e) => transactionKey(e.transaction_id) === transactionKey(input.transaction_id))) refuseTakenTransaction(input.transaction_id);
        const used = allocatedGrams(s);
        const burned = burnSums(s);
        checkAllocations(input, new Map([...input.allocations.keys()].map((id) => [id, remainingGrams(s, used, id, burned)])));
        const kg = [...input.allocations.values()].map((v) => toKg(toGrams(v)));
        const co2Allocated = toKg(kg.reduce((n, v) => n + toGrams(v), 0));
        const asset: EcoAssetRecord = {
          id: m.nextId('eco_assets'),
          minting_note: input.minting_note.trim(),
          transaction_id: input.transaction_id.trim(),
          co2_allocated: co2Allocated,
          ...mintLedger(co2Allocated, currentShare(s)?.basis_points ?? 0, nextSerial(s.eco_assets)),
          minted_ts: input.minted_ts,
          minted_by: input.minted_by,
        };
        m.insert('eco_assets', asset);
        const allocations = [...input.allocations.keys()].map((auditId, i) => {
          const row = { id: m.nextId('eco_allocations'), eco_asset_id: asset.id, audit_id: auditId, co2_allocated: kg[i] };
          m.insert('eco_allocations', row);
          return row;
        });
        return copy({ asset, allocations });
      }),
    retire: (input) =>
      a.write((s, m) => {
        const asset = s.eco_assets.find((e) => e.id === input.eco_asset_id);
        if (!asset) return null;
        const { retirement, co2_retired } = retirementOf(asset, input);
        const row = { id: m.nextId('eco_retirements'), ...retirement };
        m.insert('eco_retirements', row);
        m.patch(asset, { co2_retired });
        return copy({ asset, retirement: row });
      }),
    retirements: (ecoAssetId) => a.read((s) => copy(s.eco_retirements.filter((r) => r.eco_asset_id === ecoAssetId).sort((x, y) => x.id - y.id))),
    bufferShare: () => a.read((s) => copy(currentShare(s))),
    setBufferShare: (share) =>
      a.write((_s, m) => {
        const row = { id: m.nextId('buffer_shares'), ...share };
        m.insert('buffer_shares', row);
        return copy(row);
      }),
    bufferShares: () => a.read((s) => copy([...s.buffer_shares].sort((x, y) => y.id - x.id))),
    get: (id) => a.read((s) => copy(s.eco_assets.find((e) => e.id === id) ?? null)),
    list: ({ facilityId }) =>
      a.read((s) => {
        const audits = new Set(s.audits.filter((x) => x.facility_id === facilityId).map((x) => x.id));
        const assets = new Set(s.eco_allocations.filter((al) => audits.has(al.audit_id)).map((al) => al.eco_asset_id));
        return copy(s.eco_assets.filter((e) => assets.has(e.id)).sort((x, y) => byText(y.minted_ts, x.minted_ts) || y.id - x.id));
      }),
    allocations: (ecoAssetId) =>
      a.read((s) =>
        s.eco_allocations
          .filter((al) => al.eco_asset_id === ecoAssetId)
          .map((al) => {
            const audit = s.audits.find((x) => x.id === al.audit_id);
            return {
              ...copy(al),
              signoff_ts: audit?.signoff_ts ?? '',
              doc_key: audit?.doc_key ?? null,
              evidence_mime_type: audit?.doc_mime_type ?? null,
              job_id: audit?.job_id ?? '',
              facility_id: audit?.facility_id ?? 0,
              facility_name: s.facilities.find((f) => f.id === audit?.facility_id)?.name ?? '',
            };
          }),
      ),
  };
}

function changes(a: Access): ChangeStore {
  return {
    list: () => a.read((s) => copy([...s.changes].sort((x, y) => byText(y.date, x.date) || y.id - x.id))),
    get: (id) => a.read((s) => copy(s.changes.find((c) => c.id === id) ?? null)),
    create: (fields) =>
      a.write((_s, m) => {
        const row = { ...copy(fields), id: m.nextId('changes') };
        m.insert('changes', row);
        return copy(row);
      }),
    update: (id, patch) =>
      a.write((s, m) => {
        const row = s.changes.find((c) => c.id === id);
        if (!row) return null;
        m.patch(row, copy(patch));
        return copy(row);
      }),
    delete: (id) => a.write((_s, m) => m.remove('changes', (c) => c.id === id).length > 0),
  };
}

function statistics(a: Access): StatisticsStore {
  return {
    latest: () => a.read((s) => copy(s.statistics.at(-1) ?? null)),
    recompute: (now) =>
      a.write((s, m) => {
        const signed = s.audits.filter((x) => x.signoff_ts !== null);
        const fileBytes = [...s.facility_photos.flatMap((p) => [p.photo.size, p.thumb.size]), ...s.facility_audits.map((st) => st.file.size)];
        const live = s.kilnlogs.filter((r) => r.archived_ts === null);
        const errors = live.filter((r) => r.error_message !== null);
        const snapshot: StatisticsSnapshot = {
          computed_ts: now.toISOString(),
          users: s.users.length,
          facilities: s.facilities.length,
          kilns: s.kilns.length,
          kilnlogs: live.length,
          valid_kilnlogs: live.filter((r) => r.error_message === null && r.valid).length,
          invalid_kilnlogs: live.filter((r) => r.error_message === null && !r.valid).length,
          error_kilnlogs: errors.length,
          archived_kilnlogs: s.kilnlogs.length - live.length,
          audits_proposed: s.audits.length - signed.length,
          audits_signed_off: signed.length,
          eco_assets: s.eco_assets.length,
          storage_bytes: s.kilnlogs.reduce((n, r) => n + r.file_size, 0) + fileBytes.reduce((n, b) => n + b, 0),
          audited_co2: sumKg(s.audit_burns.map((b) => b.co2_removed)),
          utilised_co2: sumKg(s.eco_allocations.map((al) => al.co2_allocated)),
          audited_biochar: sumKg(s.audit_burns.map((b) => b.biochar_produced)),
        };
        m.remove('statistics', () => true);
        m.insert('statistics', snapshot);
        return copy(snapshot);
      }),
  };
}

export function embeddedParts(access: Access): StoreParts {
  return {
    users: users(access),
    facilities: facilities(access),
    kilns: kilns(access),
    kilnLogs: kilnLogs(access),
    audits: audits(access),
    ecoAssets: ecoAssets(access),
    changes: changes(access),
    statistics: statistics(access),
    fleet: embeddedFleet(access),
  };
}
