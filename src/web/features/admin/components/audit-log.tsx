import { type FormEvent, useState } from 'react';
import { formatDateTime } from '../../../../shared/dates';
import { AUDIT_KINDS, type AuditKind } from '../../../../shared/schemas/admin';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { type AuditFilter, useAudit } from '../api/get-audit';

const KIND_LABELS: Record<AuditKind, string> = {
  all: 'All entries',
  reads: "Reads of a user's data",
  changes: 'Changes',
};

const formatAuditValue = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value);

/** The audit log for super admins: newest first, filtered by actor (e-mail or id), target id or kind. */
export function AuditLog({
  filter,
  onFilter,
}: {
  filter: AuditFilter;
  onFilter: (next: AuditFilter) => void;
}) {
  const [actor, setActor] = useState(filter.actor);
  const [target, setTarget] = useState(filter.target);
  const [kind, setKind] = useState(filter.kind);
  const audit = useAudit(filter);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilter({ actor: actor.trim(), target: target.trim(), kind, page: 1 });
  };
  return (
    <div className="grid grid-cols-1 gap-4">
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
        <Field label="Actor (e-mail or id)">
          {(props) => <Input {...props} value={actor} onChange={(e) => setActor(e.target.value)} />}
        </Field>
        <Field label="Target id">
          {(props) => <Input {...props} value={target} onChange={(e) => setTarget(e.target.value)} />}
        </Field>
        <Field label="Kind">
          {(props) => (
            <Select {...props} value={kind} onChange={(e) => setKind(e.target.value as AuditKind)}>
              {AUDIT_KINDS.map((option) => (
                <option key={option} value={option}>
                  {KIND_LABELS[option]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit">Filter</Button>
      </form>
      {audit.isPending ? (
        <Spinner label="Loading audit log" className="text-primary" />
      ) : audit.isError ? (
        <Alert tone="danger">{audit.error.message}</Alert>
      ) : audit.data.entries.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          No audit entries
        </p>
      ) : (
        <ul className="divide-y rounded-lg border bg-card text-sm" aria-label="Audit entries">
          {audit.data.entries.map((entry) => (
            <li key={entry.id} className="grid gap-1 p-3 sm:px-4">
              <p className="flex flex-wrap gap-x-3">
                <span className="font-medium">{entry.action}</span>
                <time className="text-muted-foreground" dateTime={entry.createdAt}>
                  {formatDateTime(entry.createdAt)}
                </time>
              </p>
              <p className="break-all text-muted-foreground">
                {entry.actorEmail ?? entry.actorId ?? 'system'} → {entry.targetType} {entry.targetId ?? ''}
              </p>
              <p className="break-all font-mono text-xs">
                {formatAuditValue(entry.before)} → {formatAuditValue(entry.after)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {audit.data ? (
        <Pager
          page={filter.page}
          hasNext={audit.data.hasMore}
          onPage={(page) => onFilter({ ...filter, page })}
        />
      ) : null}
    </div>
  );
}
