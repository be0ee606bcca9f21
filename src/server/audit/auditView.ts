import type { AuditEventRow, AuditFilter } from '#shared/audit/auditEvents';
import type { DbHandle } from '#server/db/connect';
import { badRequest } from '#server/http/errors';
import { actorRef, lookUpNames } from './auditNames.ts';
import { auditRows, PATIENT_FILTER_MAX, patientRefIds } from './auditSearch.ts';
import { shortTarget } from './listTarget.ts';
import { targetRefs } from './targetRefs.ts';

/** The records named per entry; a list read's target keeps them all, its entry shows the first few and a count. */
const RECORDS_SHOWN = 8;

const isoOrUndefined = (time: string | undefined) => (time === undefined ? undefined : new Date(time).toISOString());
const hasText = (text: string | undefined) => text !== undefined && text.trim() !== '';

/** The filters as the trail compares them: times as it writes them (with milliseconds), empty text as no filter. */
export function normalisedFilter(filter: AuditFilter): AuditFilter {
  const { Person, Patient, Action, Outcome } = filter;
  const [From, To] = [isoOrUndefined(filter.From), isoOrUndefined(filter.To)];
  if (From !== undefined && To !== undefined && From >= To) throw badRequest('From must be before To');
  return {
    ...(hasText(Person) ? { Person } : {}),
    ...(hasText(Patient) ? { Patient } : {}),
    ...(hasText(Action) ? { Action } : {}),
    ...(Outcome === undefined ? {} : { Outcome }),
    ...(From === undefined ? {} : { From }),
    ...(To === undefined ? {} : { To }),
  };
}

/** The filters as an audit target: each value URI-encoded, so that no typed text reads as a record (targetRefs). */
export function filterTarget(filter: AuditFilter): string {
  const parts = Object.entries(filter).map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`);
  return ['audit_log', ...parts].join(' ');
}

/**
 * The ids a Patient filter stands for (patientRefIds), looked up before the read is audited, so that a filter the
 * server refuses leaves no read behind it; undefined without one.
 */
export async function patientFilterIds(handle: DbHandle, filter: AuditFilter): Promise<string[] | undefined> {
  if (filter.Patient === undefined) return undefined;
  const found = await patientRefIds(handle, filter.Patient);
  if (found.patients > PATIENT_FILTER_MAX) {
    throw badRequest(`More than ${String(PATIENT_FILTER_MAX)} patients match this Patient filter: type more of it.`);
  }
  return found.ids;
}

/**
 * The entries of a filtered view, newest first, older than `before`, at most `limit`, each with its actor and its
 * records by name: the rows in one query, the names in one batch for the whole page (lookUpNames).
 */
export async function auditView(
  handle: DbHandle,
  filter: AuditFilter & { patientIds: string[] | undefined },
  page: { before?: number; limit: number },
): Promise<AuditEventRow[]> {
  const { patientIds, ...rest } = filter;
  const rows = await auditRows(handle, { ...rest, ...page, ...(patientIds ? { patientIds } : {}) });
  const named = rows.map((row) => targetRefs(row.target));
  const actors = rows.map((row) => actorRef(row.role, row.user_id));
  const names = await lookUpNames(handle.db, [
    ...named.flatMap((refs) => refs.slice(0, RECORDS_SHOWN)),
    ...actors.filter((ref) => ref !== undefined),
  ]);
  return rows.map((row, index) => {
    const refs = named[index] ?? [];
    const actor = actors[index];
    return {
      ID: Number(row.id),
      At: row.at,
      Actor: { ID: row.user_id, Role: row.role, Name: actor === undefined ? null : names(actor.kind, actor.id) },
      Action: row.action,
      Outcome: row.outcome,
      Address: row.address,
      Target: shortTarget(row.target),
      Records: refs
        .slice(0, RECORDS_SHOWN)
        .map((ref) => ({ Kind: ref.kind, ID: ref.id, Label: names(ref.kind, ref.id) })),
      MoreRecords: Math.max(0, refs.length - RECORDS_SHOWN),
    };
  });
}
