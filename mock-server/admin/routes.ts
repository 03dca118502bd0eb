import type { ChangeSaveRequest } from '../../src/domain/api/admin';
import type { AppContext } from '../context';
import type { Handlers } from '../http/mountOperations';
import { notFound } from '../http/errors';
import { positiveId } from '../http/fieldErrors';
import { idList, refuseUnknownKeys, searchText } from '../http/listFilters';
import { parseListParams, sendPage } from '../http/simpleRest';
import { pageOf, sortRows, type SortKey } from '../store/paging';
import type { ChangeRecord } from '../store/model';
import { changeFields } from './changeValidation';

const CHANGE_SORT_FIELDS = ['date', 'title', 'id'] as const;
type ChangeSortField = (typeof CHANGE_SORT_FIELDS)[number];
const CHANGE_KEYS: Record<ChangeSortField, (c: ChangeRecord) => SortKey> = { date: (c) => c.date, title: (c) => c.title, id: (c) => c.id };

/**
 * The Admin screen's calls (docs/product.md#calls-beyond-the-specification, rule update statistics): the
 * statistics snapshot and its recompute, and simple REST over the Recent
 * Changes entries Home shows.
 */
export function adminHandlers(ctx: AppContext): Handlers {
  const { data } = ctx;
  const findChange = async (id: unknown) => {
    const change = await data.changes.get(positiveId(id, 'id'));
    if (!change) throw notFound('No such change.');
    return change;
  };

  return {
    getStatistics: async (_req, res) => {
      const latest = await data.statistics.latest();
      // none yet, or one from before the logs were split into valid and invalid: count now
      res.json(latest && latest.valid_kilnlogs !== undefined ? latest : await data.statistics.recompute(new Date()));
    },

    updateStatistics: async (_req, res) => {
      res.json(await data.statistics.recompute(new Date()));
    },

    // a handful of entries: the store lists them all and the page is cut here
    listAdminChanges: async (req, res) => {
      const params = parseListParams(req.query, CHANGE_SORT_FIELDS, { field: 'date', order: 'DESC' });
      refuseUnknownKeys(params.filter, ['id', 'q']);
      const ids = params.filter.id === undefined ? null : new Set(idList('id', params.filter.id));
      const q = params.filter.q === undefined ? undefined : searchText(params.filter.q);
      const rows = (await data.changes.list()).filter((c) => (!ids || ids.has(c.id)) && (!q || c.title.toLowerCase().includes(q)));
      sendPage(res, pageOf(sortRows(rows, CHANGE_KEYS[params.sort.field], params.sort.order), params.range));
    },

    getAdminChange: async (req, res) => {
      res.json(await findChange(req.params.id));
    },

    createAdminChange: async (req, res) => {
      const body: ChangeSaveRequest = req.body;
      res.status(201).json(await data.changes.create(changeFields(body)));
    },

    updateAdminChange: async (req, res) => {
      const body: ChangeSaveRequest = req.body;
      const fields = changeFields(body);
      const changed = await data.changes.update(positiveId(req.params.id, 'id'), fields);
      if (!changed) throw notFound('No such change.');
      res.json(changed);
    },

    deleteAdminChange: async (req, res) => {
      const change = await findChange(req.params.id);
      await data.changes.delete(change.id);
      res.json(change);
    },
  };
}
