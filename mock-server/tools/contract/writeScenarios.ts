import type { Facility } from '../../../src/domain/api/configure';
import type { Answer } from './answerCheck';
import { newKeyPair } from '../../kilns/kilnKeys';
import { burnLog } from './sampleFiles';
import { json, madeAnyway, StepFailed, type WriteRun } from './writeRun';

/**
 * What the write check does with the write calls a role may make. Each
 * scenario makes its calls in an order that reads back every change, and
 * says how it leaves the backend:
 * - 'restores': it puts back or deletes what it made (users, Recent Changes
 *   entries, a kiln's or a facility's edit); the default of --write;
 * - 'lasting': its records stay (the API deletes no kiln, facility, burn log
 *   or statement), all named contract-check-<run> (--lasting);
 * - 'certifies': it proposes, signs off and mints (--certify), only on the
 *   burn the run uploaded itself, into its own facility: a real audit and
 *   eco asset of that burn, for a test backend only.
 */

export type Permanence = 'restores' | 'lasting' | 'certifies';

export interface Scenario {
  name: string;
  permanence: Permanence;
  /** the write calls it makes ("POST /users"): a granted call no run scenario makes is reported as skipped */
  covers: string[];
  /** every call it makes, reads included: it runs only when the role may make them all */
  needs: string[];
  run(run: WriteRun): Promise<void>;
}

const idOf = (answer: Answer) => Number(json(answer).id);

const same = (what: string, actual: unknown, expected: unknown) =>
  actual === expected ? null : `${what} reads back as ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`;

/** creates a user, reads it back, changes its role, lets it choose its own password, deletes it */
const users: Scenario = {
  name: 'a user created, changed and deleted',
  permanence: 'restores',
  covers: ['POST /users', 'PUT /users/{id}', 'DELETE /users/{id}', 'POST /user/{username}/update'],
  needs: ['POST /users', 'GET /users/{id}', 'PUT /users/{id}', 'DELETE /users/{id}', 'POST /user/{username}/update'],
  async run(run) {
    const create = await run.example(run.op('POST', '/users'), false);
    if ('skip' in create) return run.skip(run.op('POST', '/users'), create.skip);
    const asked = create.body as { username: string; role: number; password: string };
    const created = await run
      .call('POST', '/users', '/users', 201, 'creates a user', create.init, (a) => same('username', json(a).username, asked.username))
      .catch(madeAnyway);
    const id = idOf(created);
    run.leftBehind.push(`user ${asked.username}'s change history, where the backend keeps one`);
    try {
      await run.call('GET', '/users/{id}', `/users/${id}`, 200, 'reads the new user back', {}, (a) =>
        same('role', json(a).role, asked.role),
      );
      const update = await run.example(run.op('PUT', '/users/{id}'), false);
      if ('skip' in update) throw new StepFailed(update.skip);
      const role = (update.body as { role: number }).role;
      await run.call('PUT', '/users/{id}', `/users/${id}`, 200, 'changes its role', { json: update.body }, (a) =>
        same('role', json(a).role, role),
      );
      await run.call('GET', '/users/{id}', `/users/${id}`, 200, 'reads the change back', {}, (a) => same('role', json(a).role, role));
      // the new user logs in with its temporary password and chooses its own
      const login = await run.backend.call('POST', '/auth', { json: { username: asked.username, password: asked.password } });
      const userToken = login.status === 200 && typeof login.body === 'string' ? login.body.trim() : null;
      if (!userToken) throw new StepFailed(`the new user could not log in (${login.status})`);
      const change = await run.example(run.op('POST', '/user/{username}/update'), false, userToken);
      if ('skip' in change) throw new StepFailed(change.skip);
      const path = `/user/${encodeURIComponent(asked.username)}/update`;
      await run.call('POST', '/user/{username}/update', path, 200, 'the new user chooses its own password', {
        json: change.body,
        token: userToken,
      });
      const relogin = await run.backend.call('POST', '/auth', {
        json: { username: asked.username, password: (change.body as { pass: string }).pass },
      });
      if (relogin.status !== 200) throw new StepFailed(`the new user's own password was refused at login (${relogin.status})`);
    } finally {
      await run.call('DELETE', '/users/{id}', `/users/${id}`, 200, 'deletes the user', {}, (a) =>
        same('username', json(a).username, asked.username),
      );
    }
    await run.call('GET', '/users/{id}', `/users/${id}`, 404, 'the user is gone');
  },
};

/** a super-admin's release of an account nobody locked: refused (409), as only a user-admin's change locks one */
const release: Scenario = {
  name: 'an unlocked account released',
  permanence: 'restores',
  covers: ['POST /users/{id}/release'],
  needs: ['POST /users', 'POST /users/{id}/release', 'DELETE /users/{id}'],
  async run(run) {
    const create = await run.example(run.op('POST', '/users'), false);
    if ('skip' in create) return run.skip(run.op('POST', '/users/{id}/release'), create.skip);
    const created = await run.call('POST', '/users', '/users', 201, 'creates a user to release', create.init).catch(madeAnyway);
    const id = idOf(created);
    try {
      await run.call('POST', '/users/{id}/release', `/users/${id}/release`, 409, 'refuses to release an account that is not locked');
    } finally {
      await run.call('DELETE', '/users/{id}', `/users/${id}`, 200, 'deletes the user');
    }
  },
};

/** someone else's password without 'update user': refused before the user is even looked up */
const othersPassword: Scenario = {
  name: "another user's password",
  permanence: 'restores',
  covers: [],
  needs: [],
  async run(run) {
    const op = run.op('POST', '/user/{username}/update');
    if (run.rules.some((r) => ['manage', 'update'].includes(r.action) && ['all', 'user'].includes(r.subject))) return;
    const request = await run.example(op, true);
    if ('skip' in request) return run.skip(op, request.skip);
    const target = `/user/${encodeURIComponent(`contract-check-${run.runId}`)}/update`;
    await run.expect(op, target, { ...request.init, token: run.token }, 403, "403 (only a user-admin sets another's password)");
  },
};

const changes: Scenario = {
  name: 'a Recent Changes entry added, changed and removed',
  permanence: 'restores',
  covers: ['POST /admin/changes', 'PUT /admin/changes/{id}', 'DELETE /admin/changes/{id}'],
  needs: ['POST /admin/changes', 'GET /admin/changes/{id}', 'PUT /admin/changes/{id}', 'DELETE /admin/changes/{id}'],
  async run(run) {
    const create = await run.example(run.op('POST', '/admin/changes'), false);
    if ('skip' in create) return run.skip(run.op('POST', '/admin/changes'), create.skip);
    const entry = create.body as { title: string };
    const created = await run
      .call('POST', '/admin/changes', '/admin/changes', 201, 'adds an entry', create.init, (a) => same('title', json(a).title, entry.title))
      .catch(madeAnyway);
    const id = idOf(created);
    try {
      await run.call('GET', '/admin/changes/{id}', `/admin/changes/${id}`, 200, 'reads the entry back', {}, (a) =>
        same('title', json(a).title, entry.title),
      );
      const title = `${entry.title} (changed)`;
      await run.call('PUT', '/admin/changes/{id}', `/admin/changes/${id}`, 200, 'changes its title', { json: { ...entry, title } }, (a) =>
        same('title', json(a).title, title),
      );
      await run.call('GET', '/admin/changes/{id}', `/admin/changes/${id}`, 200, 'reads the change back', {}, (a) =>
        same('title', json(a).title, title),
      );
    } finally {
      await run.call('DELETE', '/admin/changes/{id}', `/admin/changes/${id}`, 200, 'removes the entry');
    }
    await run.call('GET', '/admin/changes/{id}', `/admin/changes/${id}`, 404, 'the entry is gone');
  },
};

const statistics: Scenario = {
  name: 'the statistics recomputed',
  permanence: 'restores',
  covers: ['POST /admin/statistics/update'],
  needs: ['POST /admin/statistics/update'],
  async run(run) {
    // a recount of what is there; it changes no record
    await run.call('POST', '/admin/statistics/update', '/admin/statistics/update', 200, 'recomputes the statistics');
    run.leftBehind.push('a new statistics snapshot');
  },
};

interface KilnRow {
  id: number;
  kiln_id: string;
  facility_id: number;
  type: number;
  install_date: string;
  config: string | null;
}

const kilnPayload = (k: KilnRow, installDate: string) => ({
  id: k.id,
  kiln_id: k.kiln_id,
  facility_id: k.facility_id,
  type: k.type,
  install_date: installDate,
  config: k.config ? (JSON.parse(k.config) as unknown) : {},
});

async function registryKiln(run: WriteRun, find: (k: KilnRow) => boolean, what: string, check: (k: KilnRow | undefined) => string | null) {
  const answer = await run.call('GET', '/kiln/registry/list', '/kiln/registry/list', 200, what, {}, (a) =>
    check((json(a).kilns as KilnRow[]).find(find)),
  );
  return (json(answer).kilns as KilnRow[]).find(find);
}

const dateOf = (value: string | null | undefined) => (value ?? '').slice(0, 10);

/** changes a kiln's install date and puts it back */
const kilnEdit: Scenario = {
  name: "a kiln's install date changed and put back",
  permanence: 'restores',
  covers: ['POST /kiln/registry/edit'],
  needs: ['GET /kiln/registry/list', 'POST /kiln/registry/edit'],
  async run(run) {
    const op = run.op('POST', '/kiln/registry/edit');
    const list = await run.backend.call('GET', '/kiln/registry/list', { token: run.token });
    const kiln =
      ((json(list).kilns ?? []) as KilnRow[]).find((k) => k.kiln_id === run.made.kilnId) ?? ((json(list).kilns ?? []) as KilnRow[])[0];
    if (!kiln) return run.skip(op, 'the Kiln Registry has no kiln to change');
    const original = dateOf(kiln.install_date);
    const changed = original === '2001-02-03' ? '2001-02-04' : '2001-02-03';
    try {
      await run.call('POST', '/kiln/registry/edit', '/kiln/registry/edit', 200, `changes kiln ${kiln.kiln_id}'s install date`, {
        json: kilnPayload(kiln, changed),
      });
      await registryKiln(
        run,
        (k) => k.id === kiln.id,
        'reads the change back',
        (k) => same('install_date', dateOf(k?.install_date), changed),
      );
    } finally {
      await run.call('POST', '/kiln/registry/edit', '/kiln/registry/edit', 200, 'puts the install date back', {
        json: kilnPayload(kiln, original),
      });
    }
    await registryKiln(
      run,
      (k) => k.id === kiln.id,
      'reads the original back',
      (k) => same('install_date', dateOf(k?.install_date), original),
    );
  },
};

/** a facility as the document's Facility answer gives it */
type FacilityRow = Facility;

const facilityPayload = (f: FacilityRow, name: string) => ({
  id: f.id,
  mnemonic: f.mnemonic,
  name,
  owner_id: f.owner_id,
  latMin: f.latitude_min,
  latMax: f.latitude_max,
  lonMin: f.longitude_min,
  lonMax: f.longitude_max,
  config: f.kiln_type_config ? (JSON.parse(f.kiln_type_config) as object) : { cgo1: {} },
});

async function listedFacility(
  run: WriteRun,
  find: (f: FacilityRow) => boolean,
  what: string,
  check: (f: FacilityRow | undefined) => string | null,
) {
  const answer = await run.call('GET', '/facilities', '/facilities', 200, what, {}, (a) =>
    check((json(a).facilities as FacilityRow[]).find(find)),
  );
  return (json(answer).facilities as FacilityRow[]).find(find);
}

/** renames a facility and puts its name back */
const facilityEdit: Scenario = {
  name: "a facility's name changed and put back",
  permanence: 'restores',
  covers: ['POST /facility/edit'],
  needs: ['GET /facilities', 'POST /facility/edit'],
  async run(run) {
    const op = run.op('POST', '/facility/edit');
    const list = await run.backend.call('GET', '/facilities', { token: run.token });
    const facilities = (json(list).facilities ?? []) as FacilityRow[];
    const facility = facilities.find((f) => f.id === run.made.facility?.id) ?? facilities[0];
    if (!facility) return run.skip(op, 'the caller reaches no facility to change');
    const changed = `${facility.name} (contract-check-${run.runId})`.slice(-200);
    try {
      await run.call('POST', '/facility/edit', '/facility/edit', 200, `renames facility ${facility.mnemonic}`, {
        json: facilityPayload(facility, changed),
      });
      await listedFacility(
        run,
        (f) => f.id === facility.id,
        'reads the change back',
        (f) => same('name', f?.name, changed),
      );
    } finally {
      await run.call('POST', '/facility/edit', '/facility/edit', 200, 'puts the name back', {
        json: facilityPayload(facility, facility.name),
      });
    }
    await listedFacility(
      run,
      (f) => f.id === facility.id,
      'reads the original back',
      (f) => same('name', f?.name, facility.name),
    );
  },
};

/** a facility of the run's own, the home of the kiln, burn and audit that follow */
const facilityAdd: Scenario = {
  name: 'a facility added',
  permanence: 'lasting',
  covers: ['POST /facility/add'],
  needs: ['POST /facility/add', 'GET /facilities'],
  async run(run) {
    const op = run.op('POST', '/facility/add');
    const request = await run.example(op, false);
    if ('skip' in request) return run.skip(op, request.skip);
    const mnemonic = (request.body as { mnemonic: string }).mnemonic;
    await run.call('POST', '/facility/add', '/facility/add', 200, `adds facility ${mnemonic}`, request.init);
    run.leftBehind.push(`facility ${mnemonic}`);
    const facility = await listedFacility(
      run,
      (f) => f.mnemonic === mnemonic,
      'reads the new facility back',
      (f) => (f ? null : `${mnemonic} is not listed`),
    );
    run.made.facility = facility as unknown as Record<string, unknown>;
    run.burnOrigin.facility = facility as FacilityRow;
  },
};

const kilnAdd: Scenario = {
  name: 'a kiln registered',
  permanence: 'lasting',
  covers: ['POST /kiln/registry/add'],
  needs: ['POST /kiln/registry/add', 'GET /kiln/registry/list'],
  async run(run) {
    const op = run.op('POST', '/kiln/registry/add');
    const request = await run.example(op, false);
    if ('skip' in request) return run.skip(op, request.skip);
    const body = request.body as { kiln_id: string; facility_id: number };
    if (run.made.facility) body.facility_id = Number(run.made.facility.id);
    await run.call('POST', '/kiln/registry/add', '/kiln/registry/add', 200, `registers kiln ${body.kiln_id}`, { json: body });
    run.leftBehind.push(`kiln ${body.kiln_id}`);
    await registryKiln(
      run,
      (k) => k.kiln_id === body.kiln_id,
      'reads the new kiln back',
      (k) => (k ? null : `${body.kiln_id} is not listed`),
    );
    run.made.kilnId = body.kiln_id;
    run.burnOrigin.kilnId = body.kiln_id;
  },
};

/** uploads a burn log of the run's kiln (or of an unknown one), then analyses, archives and restores it */
const kilnLog: Scenario = {
  name: 'a burn log uploaded, analysed, archived and restored',
  permanence: 'lasting',
  covers: ['POST /kilnlogs/upload', 'POST /kilnlogs/{id}/analyse', 'POST /kilnlogs/{id}/archive', 'POST /archived_kilnlogs/{id}/restore'],
  needs: ['POST /kilnlogs/upload'],
  async run(run) {
    const op = run.op('POST', '/kilnlogs/upload');
    const request = await run.example(op, false);
    if ('skip' in request) return run.skip(op, request.skip);
    const uploaded = await run.call(
      'POST',
      '/kilnlogs/upload',
      '/kilnlogs/upload',
      201,
      `uploads a burn log of kiln ${run.burnOrigin.kilnId}`,
      request.init,
    );
    const id = idOf(uploaded);
    run.made.logId = id;
    const can = (method: string, template: string) => run.grants(run.op(method, template));
    if (can('GET', '/kilnlogs/{id}')) {
      await run.call('GET', '/kilnlogs/{id}', `/kilnlogs/${id}`, 200, 'reads the log back', {}, (a) =>
        same('kiln_id', json(a).kiln_id, run.burnOrigin.kilnId),
      );
    }
    if (!can('POST', '/kilnlogs/{id}/archive')) {
      run.leftBehind.push(`burn log ${id} (kiln ${run.burnOrigin.kilnId})`);
      return;
    }
    await run.call('POST', '/kilnlogs/{id}/analyse', `/kilnlogs/${id}/analyse`, 200, 'analyses it again');
    await run.call('POST', '/kilnlogs/{id}/archive', `/kilnlogs/${id}/archive`, 200, 'archives it', {}, (a) =>
      json(a).archived_ts ? null : 'archived_ts is not set',
    );
    await run.call('POST', '/archived_kilnlogs/{id}/restore', `/archived_kilnlogs/${id}/restore`, 200, 'restores it', {}, (a) =>
      same('archived_ts', json(a).archived_ts, null),
    );
    if (run.certifying) {
      run.leftBehind.push(`burn log ${id} (kiln ${run.burnOrigin.kilnId}), audited below`);
      return;
    }
    await run.call('POST', '/kilnlogs/{id}/archive', `/kilnlogs/${id}/archive`, 200, 'archives it for good', {}, (a) =>
      json(a).archived_ts ? null : 'archived_ts is not set',
    );
    run.leftBehind.push(`burn log ${id} (kiln ${run.burnOrigin.kilnId}), archived: deleted after the retention period`);
  },
};

/** approves a kiln approved already (the run's, else the first listed): the answer is the kiln, its approval unchanged */
const kilnApprove: Scenario = {
  name: 'an approved kiln approved again, unchanged',
  permanence: 'restores',
  covers: ['POST /kiln/registry/approve'],
  needs: ['GET /kiln/registry/list', 'POST /kiln/registry/approve'],
  async run(run) {
    const list = await run.backend.call('GET', '/kiln/registry/list', { token: run.token });
    const approved = ((json(list).kilns ?? []) as (KilnRow & { approved_ts: string | null })[]).filter((k) => k.approved_ts !== null);
    const kiln = approved.find((k) => k.kiln_id === run.made.kilnId) ?? approved[0];
    if (!kiln) return run.skip(run.op('POST', '/kiln/registry/approve'), 'the Kiln Registry has no approved kiln');
    await run.call(
      'POST',
      '/kiln/registry/approve',
      '/kiln/registry/approve',
      200,
      `approves kiln ${kiln.kiln_id} again`,
      { json: { id: kiln.id } },
      (a) => same('approved_ts', json(a).approved_ts, kiln.approved_ts),
    );
  },
};

/** uploads a burn log naming a kiln nobody registered, then assigns it to the run's own kiln */
const logAssign: Scenario = {
  name: "a burn log of an unknown kiln assigned to the run's kiln",
  permanence: 'lasting',
  covers: ['POST /kilnlogs/{id}/assign'],
  needs: ['POST /kilnlogs/upload', 'GET /kiln/registry/list', 'POST /kilnlogs/{id}/assign'],
  async run(run) {
    const op = run.op('POST', '/kilnlogs/{id}/assign');
    if (!run.made.kilnId) return run.skip(op, 'assigns only to a kiln of its own: the role must also register a kiln');
    const kiln = await registryKiln(
      run,
      (k) => k.kiln_id === run.made.kilnId,
      "finds the run's kiln",
      (k) => (k ? null : `${run.made.kilnId} is not listed`),
    );
    const unknownKiln = `${run.made.kilnId}-unfiled`;
    const csv = burnLog({ ...run.burnOrigin, kilnId: unknownKiln }, Date.now() % 1_000_000_007);
    const uploaded = await run.call(
      'POST',
      '/kilnlogs/upload',
      '/kilnlogs/upload',
      201,
      `uploads a burn log of unknown kiln ${unknownKiln}`,
      { raw: { body: csv, contentType: 'text/csv' } },
      (a) => same('facility_id', json(a).facility_id, null),
    );
    const id = idOf(uploaded);
    run.leftBehind.push(`burn log ${id} (kiln ${unknownKiln}), assigned to kiln ${run.made.kilnId}`);
    await run.call(
      'POST',
      '/kilnlogs/{id}/assign',
      `/kilnlogs/${id}/assign`,
      200,
      `assigns it to kiln ${run.made.kilnId}`,
      { json: { kiln: kiln?.id } },
      (a) => same('kiln', json(a).kiln, kiln?.id),
    );
  },
};

/** an existing unaudited burn archived and restored at once: the console's Archive and its Undo */
const archiveRestore: Scenario = {
  name: 'an unaudited burn archived and restored',
  permanence: 'restores',
  covers: ['POST /kilnlogs/{id}/archive', 'POST /archived_kilnlogs/{id}/restore'],
  needs: ['GET /kilnlogs', 'POST /kilnlogs/{id}/archive', 'POST /archived_kilnlogs/{id}/restore'],
  async run(run) {
    const filter = encodeURIComponent(JSON.stringify({ audited: false }));
    const list = await run.call(
      'GET',
      '/kilnlogs',
      `/kilnlogs?filter=${filter}&range=${encodeURIComponent('[0,0]')}`,
      200,
      'finds an unaudited burn',
    );
    const [burn] = json(list) as unknown as { id: number }[];
    if (!burn) return run.skip(run.op('POST', '/kilnlogs/{id}/archive'), 'the caller reaches no unaudited burn');
    await run.call('POST', '/kilnlogs/{id}/archive', `/kilnlogs/${burn.id}/archive`, 200, `archives burn log ${burn.id}`, {}, (a) =>
      json(a).archived_ts ? null : 'archived_ts is not set',
    );
    await run.call('POST', '/archived_kilnlogs/{id}/restore', `/archived_kilnlogs/${burn.id}/restore`, 200, 'restores it', {}, (a) =>
      same('archived_ts', json(a).archived_ts, null),
    );
  },
};

/** the facility the run made, else the first the caller reaches: a photo or statement there cannot be taken back */
async function targetFacility(run: WriteRun): Promise<FacilityRow | undefined> {
  if (run.made.facility) return run.made.facility as unknown as FacilityRow;
  const list = await run.backend.call('GET', '/facilities', { token: run.token });
  return ((json(list).facilities ?? []) as FacilityRow[])[0];
}

/** A file a facility keeps (its photo, its audit statement): uploaded to the target facility, then read back. */
interface FacilityFile {
  name: string;
  /** what it is, in the output's lines */
  what: string;
  upload: { template: string; target: (facilityId: number) => string; headers?: (facilityId: number) => Record<string, string> };
  read: { template: string; target: (facilityId: number, uploaded: Answer) => string; contentType: string };
  leftBehind: (mnemonic: string) => string;
}

function facilityFileScenario(file: FacilityFile): Scenario {
  return {
    name: file.name,
    permanence: 'lasting',
    covers: [`POST ${file.upload.template}`],
    needs: [`POST ${file.upload.template}`, `GET ${file.read.template}`, 'GET /facilities'],
    async run(run) {
      const op = run.op('POST', file.upload.template);
      const facility = await targetFacility(run);
      if (!facility) return run.skip(op, 'the caller reaches no facility');
      const request = await run.example(op, false);
      if ('skip' in request) return run.skip(op, request.skip);
      const headers = { ...request.init.headers, ...file.upload.headers?.(facility.id) };
      const uploaded = await run.call(
        'POST',
        file.upload.template,
        file.upload.target(facility.id),
        200,
        `uploads ${file.what} of ${facility.mnemonic}`,
        {
          ...request.init,
          headers,
        },
      );
      run.leftBehind.push(file.leftBehind(facility.mnemonic));
      await run.call(
        'GET',
        file.read.template,
        file.read.target(facility.id, uploaded),
        200,
        `reads the ${file.what.replace(/^an? /, '')} back`,
        {},
        (a) => same('content type', a.contentType, file.read.contentType),
      );
    },
  };
}

const photo = facilityFileScenario({
  name: "a facility's photo replaced",
  what: 'a photo',
  upload: { template: '/photo/upload', target: () => '/photo/upload', headers: (id) => ({ 'Related-Facility': String(id) }) },
  read: { template: '/facility/{id}/photo', target: (id) => `/facility/${id}/photo`, contentType: 'image/png' },
  leftBehind: (mnemonic) => `a 1 × 1 photo of facility ${mnemonic}, replacing any earlier one`,
});

const statement = facilityFileScenario({
  name: 'a facility audit statement uploaded',
  what: 'a statement',
  upload: { template: '/facility/{id}/upload_audit', target: (id) => `/facility/${id}/upload_audit` },
  read: {
    template: '/facility/{id}/audit',
    target: (id, uploaded) => `/facility/${id}/audit?id=${idOf(uploaded)}`,
    contentType: 'application/pdf',
  },
  leftBehind: (mnemonic) => `a one-page statement of facility ${mnemonic}, now its latest`,
});

/** proposes the run's own burn, is refused its own signoff, has the signer sign it off and mints a gram of its CO2 */
const certify: Scenario = {
  name: "the run's own burn proposed, signed off and minted",
  permanence: 'certifies',
  covers: ['POST /audit/propose', 'POST /audit/signoff', 'POST /eco-asset/mint', 'POST /eco-asset/{id}/retire'],
  needs: [
    'POST /audit/propose',
    'GET /audit/auditable_logs',
    'POST /audit/signoff',
    'GET /audit/history',
    'POST /eco-asset/mint',
    'GET /eco-asset/list',
    'POST /eco-asset/{id}/retire',
  ],
  async run(run) {
    const propose = run.op('POST', '/audit/propose');
    const facilityId = Number(run.made.facility?.id);
    if (!run.made.logId || !run.made.facility) {
      return run.skip(
        propose,
        'certifies only a burn of its own facility and kiln: the role must also add a facility, a kiln and a burn log',
      );
    }
    const logId = run.made.logId;
    const jobId = `contract-check-${run.runId}`;
    const proposed = await run.call(
      'POST',
      '/audit/propose',
      `/audit/propose?job_id=${jobId}&kiln_type=-1`,
      201,
      `proposes burn ${logId}`,
      { json: { analysis_ids: [logId] } },
    );
    const auditId = idOf(proposed);
    run.leftBehind.push(`proposal ${jobId}`);
    await run.call('GET', '/audit/auditable_logs', `/audit/auditable_logs?audit=${auditId}`, 200, 'reads the proposal back', {}, (a) =>
      same('burns', ((json(a).data as { logs: { analysis_id: number }[] }).logs ?? []).map((l) => l.analysis_id).join(','), String(logId)),
    );
    const signoff = await run.example(run.op('POST', '/audit/signoff'), true);
    if ('skip' in signoff) return run.skip(run.op('POST', '/audit/signoff'), signoff.skip);
    const form = signoff.init.form as FormData;
    form.set('proposed_audit_id', String(auditId));
    form.set('analysis_ids', String(logId));
    await run.call('POST', '/audit/signoff', '/audit/signoff', 403, 'refuses the signoff of who proposed it (four eyes)', { form });
    if (!run.signerToken)
      return run.skip(run.op('POST', '/eco-asset/mint'), 'mints only a signed-off audit: a second person signs it off with --signer');
    await run.call(
      'POST',
      '/audit/signoff',
      '/audit/signoff',
      200,
      'signs it off as the second person',
      { form, token: run.signerToken },
      (a) => same('id', json(a).id, auditId),
    );
    run.leftBehind.push(`audit ${jobId} of burn ${logId}, signed off`);
    await run.call('GET', '/audit/history', `/audit/history?facility_id=${facilityId}`, 200, 'reads the audit back', {}, (a) =>
      (json(a).data as { id: number }[]).some((h) => h.id === auditId) ? null : `audit ${auditId} is not in the history`,
    );
    // 2 g: whatever the buffer share (at most 50 %), at least 1 g is issued to retire
    const mint = { minting_note: jobId, transaction_id: jobId, co2_utilisation: { [String(auditId)]: 0.002 } };
    const minted = await run.call('POST', '/eco-asset/mint', '/eco-asset/mint', 200, 'mints 2 g of its CO2', { json: mint });
    run.leftBehind.push(`eco asset ${jobId} of 2 g`);
    await run.call('GET', '/eco-asset/list', `/eco-asset/list?facility_id=${facilityId}`, 200, 'reads the eco asset back', {}, (a) =>
      (json(a).eco_assets as { transaction_id: string }[]).some((e) => e.transaction_id === jobId) ? null : `${jobId} is not listed`,
    );
    const assetId = Number((json(minted).eco_asset as { id: number }).id);
    await run.call(
      'POST',
      '/eco-asset/{id}/retire',
      `/eco-asset/${assetId}/retire`,
      200,
      'retires 1 g of it',
      { json: { kg: 0.001, beneficiary: jobId, purpose: 'contract check' } },
      (a) => same('co2_retired', (json(a).eco_asset as { co2_retired: number }).co2_retired, 0.001),
    );
    run.leftBehind.push(`1 g of eco asset ${jobId} retired for ${jobId}`);
  },
};

/** the buffer share set to the one in force: a super-admin's call that records nothing */
const bufferShare: Scenario = {
  name: 'the buffer share set again',
  permanence: 'restores',
  covers: ['PUT /eco-asset/buffer_share'],
  needs: ['GET /eco-asset/buffer_share', 'PUT /eco-asset/buffer_share'],
  async run(run) {
    const current = json(await run.call('GET', '/eco-asset/buffer_share', '/eco-asset/buffer_share', 200, 'reads the buffer share'));
    await run.call(
      'PUT',
      '/eco-asset/buffer_share',
      '/eco-asset/buffer_share',
      200,
      'sets the share in force again',
      { json: { buffer_percent: current.buffer_percent } },
      (a) => same('buffer_share', JSON.stringify(json(a)), JSON.stringify(current)),
    );
  },
};

/** in the order they run: the lasting ones make the facility, kiln and burn those after them use */
/**
 * registers a new key on the run's own kiln, reads it back and revokes it (the revoked key stays: revoking is final);
 * a super-admin's key is approved as it is added, so asking to approve it is refused (409) and writes nothing
 */
const kilnKeys: Scenario = {
  name: "a key added to the run's kiln and revoked",
  permanence: 'lasting',
  covers: ['POST /kilns/{id}/keys', 'POST /kilns/{id}/keys/{keyId}/approve', 'POST /kilns/{id}/keys/{keyId}/revoke'],
  needs: ['GET /kiln/registry/list', 'GET /kilns/{id}/keys', 'POST /kilns/{id}/keys', 'POST /kilns/{id}/keys/{keyId}/revoke'],
  async run(run) {
    const op = run.op('POST', '/kilns/{id}/keys');
    if (!run.made.kilnId) return run.skip(op, 'adds keys only to a kiln of its own: the role must also register a kiln');
    const kiln = await registryKiln(
      run,
      (k) => k.kiln_id === run.made.kilnId,
      "finds the run's kiln",
      (k) => (k ? null : `${run.made.kilnId} is not listed`),
    );
    if (!kiln) return;
    const { publicPem, fingerprint } = newKeyPair();
    const added = await run.call(
      'POST',
      '/kilns/{id}/keys',
      `/kilns/${kiln.id}/keys`,
      201,
      'registers a new public key',
      { json: { label: `contract-check-${run.runId}`, public_key: publicPem } },
      (a) => same('fingerprint', json(a).fingerprint, fingerprint),
    );
    run.leftBehind.push(`kiln ${kiln.kiln_id}'s key ${fingerprint.slice(0, 16)}…, revoked`);
    const keyId = idOf(added);
    if (run.grants(run.op('POST', '/kilns/{id}/keys/{keyId}/approve'))) {
      await run.call(
        'POST',
        '/kilns/{id}/keys/{keyId}/approve',
        `/kilns/${kiln.id}/keys/${keyId}/approve`,
        409,
        'refuses to approve a key its approver added (approved at once)',
      );
    }
    await run.call('POST', '/kilns/{id}/keys/{keyId}/revoke', `/kilns/${kiln.id}/keys/${keyId}/revoke`, 200, 'revokes it', {}, (a) =>
      json(a).revoked_ts ? null : 'revoked_ts is not set',
    );
    await run.call('GET', '/kilns/{id}/keys', `/kilns/${kiln.id}/keys`, 200, 'reads the revocation back', {}, (a) =>
      (json(a) as unknown as { id: number; revoked_ts: string | null }[]).find((k) => k.id === keyId)?.revoked_ts
        ? null
        : 'the key is not listed revoked',
    );
  },
};

/** sets a facility's signed-burns-only setting to what it is already: the answer says it, nothing changes */
const signedBurns: Scenario = {
  name: "a facility's signed-burns setting set to what it is",
  permanence: 'restores',
  covers: ['POST /facility/{id}/signed-burns'],
  needs: ['GET /facilities', 'POST /facility/{id}/signed-burns'],
  async run(run) {
    const list = await run.backend.call('GET', '/facilities', { token: run.token });
    const facilities = (json(list).facilities ?? []) as FacilityRow[];
    const facility = facilities.find((f) => f.id === run.made.facility?.id) ?? facilities[0];
    if (!facility) return run.skip(run.op('POST', '/facility/{id}/signed-burns'), 'the caller reaches no facility');
    const value = facility.signed_burns_only ?? false;
    await run.call(
      'POST',
      '/facility/{id}/signed-burns',
      `/facility/${facility.id}/signed-burns`,
      200,
      `keeps facility ${facility.mnemonic}'s setting`,
      { json: { signed_burns_only: value } },
      (a) => same('signed_burns_only', json(a).signed_burns_only, value),
    );
  },
};

/**
 * asks to check an anomaly no burn raised: the guard and the lookup answer (404), nothing is written.
 * A real check is final, and a run's own burn raises no anomaly to check.
 */
const anomalyCheck: Scenario = {
  name: 'an anomaly that does not exist, not checked',
  permanence: 'restores',
  covers: ['POST /fleet/anomalies/{id}/check'],
  needs: ['POST /fleet/anomalies/{id}/check'],
  async run(run) {
    await run.call(
      'POST',
      '/fleet/anomalies/{id}/check',
      '/fleet/anomalies/2147483647/check',
      404,
      'answers 404 for an anomaly no burn raised',
      { json: { note: 'contract check' } },
      () => null,
    );
  },
};

/**
 * asks to act on a record that does not exist (a kiln calibration to approve or to give a certificate, a
 * proposal to withdraw): the guard and the lookup answer (404), nothing is written. The real acts are final
 * or need a second account, and the run makes no record they could act on.
 */
function missingRecord(
  name: string,
  template: string,
  target: string,
  init: () => { form?: FormData; json?: unknown } = () => ({}),
  method: 'POST' | 'PUT' = 'POST',
): Scenario {
  return {
    name,
    permanence: 'restores',
    covers: [`${method} ${template}`],
    needs: [`${method} ${template}`],
    async run(run) {
      await run.call(method, template, target, 404, `answers 404 for ${name}`, init(), () => null);
    },
  };
}

const NO_RECORD = 2147483647;

const calibrationApprove = missingRecord(
  'a calibration that does not exist, not approved',
  '/kilns/{id}/calibrations/{calId}/approve',
  `/kilns/${NO_RECORD}/calibrations/${NO_RECORD}/approve`,
);

const calibrationCertificate = missingRecord(
  'a calibration that does not exist, given no certificate',
  '/kilns/{id}/calibrations/{calId}/certificate',
  `/kilns/${NO_RECORD}/calibrations/${NO_RECORD}/certificate`,
  () => {
    const form = new FormData();
    form.set('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'contract-check.pdf');
    form.set('file_type', 'pdf');
    return { form };
  },
);

const withdraw = missingRecord('a proposal that does not exist, not withdrawn', '/audit/{id}/withdraw', `/audit/${NO_RECORD}/withdraw`);

/** a one-page PDF in `field` with the text fields given, as the batch uploads take them */
const pdfForm = (field: string, fields: Record<string, string>) => () => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set(field, new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'contract-check.pdf');
  return { form };
};

/*
 * A batch, its lab results and end uses are kept for good (the store deletes none): the check asks for
 * each on a batch or facility that does not exist, so the guard and the lookup answer and nothing is written.
 */
const batchCreate = missingRecord('a batch of a facility that does not exist, not made', '/batches', '/batches', () => ({
  json: { label: 'contract check', facility_id: NO_RECORD, kiln_type: 0, feedstock: 'wood', analysis_ids: [NO_RECORD] },
}));
const batchClose = missingRecord('a batch that does not exist, not closed', '/batches/{id}/close', `/batches/${NO_RECORD}/close`);
const batchEmissions = missingRecord(
  'a batch that does not exist, given no emissions',
  '/batches/{id}/emissions',
  `/batches/${NO_RECORD}/emissions`,
  () => ({ json: { methane_g_per_kg: 4.2, methane_method: 'contract check', other_co2e_g: null, other_note: null } }),
  'PUT',
);
const labResult = missingRecord(
  'a batch that does not exist, given no lab result',
  '/batches/{id}/lab-results',
  `/batches/${NO_RECORD}/lab-results`,
  pdfForm('certificate', { lab_id: String(NO_RECORD), sample_id: 'contract check' }),
);
const endUse = missingRecord(
  'a batch that does not exist, given no end use',
  '/batches/{id}/end-uses',
  `/batches/${NO_RECORD}/end-uses`,
  pdfForm('evidence', { dry_g: '1' }),
);

/** registers a laboratory of the run's own and a key of it, finds both listed, then revokes the key (a laboratory and its keys are kept for good) */
const labAdd: Scenario = {
  name: 'a laboratory registered with a key, revoked',
  permanence: 'lasting',
  covers: ['POST /labs', 'POST /labs/{id}/keys', 'POST /labs/{id}/keys/{keyId}/revoke'],
  needs: ['POST /labs', 'POST /labs/{id}/keys', 'GET /labs', 'POST /labs/{id}/keys/{keyId}/revoke'],
  async run(run) {
    const op = run.op('POST', '/labs');
    const request = await run.example(op, false);
    if ('skip' in request) return run.skip(op, request.skip);
    const name = (request.body as { name: string }).name;
    const created = await run.call('POST', '/labs', '/labs', 201, `registers laboratory ${name}`, request.init, (a) =>
      same('name', json(a).name, name),
    );
    const labId = idOf(created);
    const { publicPem, fingerprint } = newKeyPair();
    run.leftBehind.push(`laboratory ${name} with key ${fingerprint.slice(0, 16)}… (revoked)`);
    const key = await run.call(
      'POST',
      '/labs/{id}/keys',
      `/labs/${labId}/keys`,
      201,
      'registers a key of it',
      { json: { public_key: publicPem } },
      (a) => same('fingerprint', json(a).fingerprint, fingerprint),
    );
    await run.call('GET', '/labs', '/labs', 200, 'reads the laboratory and its key back', {}, (a) => {
      const lab = (json(a) as unknown as { id: number; keys: { fingerprint: string }[] }[]).find((l) => l.id === labId);
      return lab?.keys.some((k) => k.fingerprint === fingerprint) ? null : `laboratory ${labId} is not listed with its key`;
    });
    const keyId = idOf(key);
    await run.call('POST', '/labs/{id}/keys/{keyId}/revoke', `/labs/${labId}/keys/${keyId}/revoke`, 200, 'revokes the key', {}, (a) =>
      json(a).revoked_ts ? null : 'revoked_ts is not set',
    );
  },
};

export const SCENARIOS: readonly Scenario[] = [
  users,
  release,
  othersPassword,
  changes,
  statistics,
  bufferShare,
  facilityAdd,
  kilnAdd,
  kilnEdit,
  kilnApprove,
  facilityEdit,
  kilnLog,
  logAssign,
  kilnKeys,
  signedBurns,
  anomalyCheck,
  calibrationApprove,
  calibrationCertificate,
  withdraw,
  batchCreate,
  batchClose,
  batchEmissions,
  labResult,
  endUse,
  labAdd,
  archiveRestore,
  photo,
  statement,
  certify,
];
