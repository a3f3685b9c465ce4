import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { auditActionKey } from '../../../shared/audit-actions';
import { ROLES, type Role } from '../../../shared/roles';
import type { AuditEntry } from '../../../shared/schemas/admin';
import { SelectField } from '../../components/form-fields';
import { formatDate } from '../../lib/format';
import { auditLogQuery } from './api';
import { AdminListPage, FilterForm } from './list-parts';
import { useUrlFilters } from '../../lib/use-url-filters';
import './admin.css';

const FILTERS = ['actor', 'action'] as const;

/**
 * Actions only the system records (no person did them). Any other entry without an actor was
 * made by someone who has since withdrawn.
 */
const SYSTEM_ACTIONS: ReadonlySet<string> = new Set(['admin.bootstrap', 'system.grade-rollover']);

/** The catalogue's label for an action, or its raw name when the catalogue has none. */
export function useAuditActionLabel() {
  const { t, i18n } = useTranslation();
  return (action: string) => {
    const key = auditActionKey(action);
    return i18n.exists(key) ? t(key as 'auditActions.admin_bootstrap') : action;
  };
}

/** /admin/audit: the audit log, newest first, filtered by actor address and action. */
export function AuditPage() {
  const { t } = useTranslation();
  const { filters, setFilter, clear } = useUrlFilters(FILTERS);
  const list = useInfiniteQuery(auditLogQuery(filters));
  const entries = list.data?.pages.flatMap((page) => page.entries) ?? [];
  const actionLabel = useAuditActionLabel();
  // The filter offers every action in the log, and the chosen one even before the log loads.
  const actions = [...(list.data?.pages[0]?.actions ?? [])];
  if (filters.action && !actions.includes(filters.action)) actions.push(filters.action);
  const filtered = Object.keys(filters).length > 0;

  return (
    <AdminListPage
      title={t('admin.audit.title')}
      lead={t('admin.audit.lead')}
      filters={
        <FilterForm
          title={t('admin.audit.filtersTitle')}
          search={{
            param: 'actor',
            label: t('admin.audit.actor'),
            hint: t('admin.audit.actorHint'),
            onSearch: (text) => setFilter('actor', text),
          }}
          onClear={clear}
        >
          <SelectField
            label={t('admin.audit.action')}
            placeholder={t('admin.any')}
            value={filters.action ?? ''}
            onChange={(event) => setFilter('action', event.target.value)}
          >
            {actions.map((action) => (
              <option key={action} value={action}>
                {actionLabel(action)}
              </option>
            ))}
          </SelectField>
        </FilterForm>
      }
      list={list}
      count={entries.length}
      empty={filtered ? t('admin.audit.noMatch') : t('admin.audit.empty')}
      shape={{
        kind: 'table',
        captionId: 'admin-audit-caption',
        caption: t('admin.audit.caption'),
        columns: [
          t('admin.audit.time'),
          t('admin.audit.actorColumn'),
          t('admin.audit.action'),
          t('admin.audit.target'),
          t('admin.audit.details'),
        ],
      }}
    >
      {entries.map((entry) => (
        <AuditRow key={entry.id} entry={entry} actionLabel={actionLabel(entry.action)} />
      ))}
    </AdminListPage>
  );
}

function AuditRow({ entry, actionLabel }: { entry: AuditEntry; actionLabel: string }) {
  const { t, i18n } = useTranslation();
  const typeKey = `admin.audit.targetTypes.${entry.targetType ?? ''}`;
  const targetType =
    entry.targetType && i18n.exists(typeKey)
      ? t(typeKey as 'admin.audit.targetTypes.user')
      : entry.targetType;

  // People and universities by name, the id on hover; at phone widths each row is a
  // card whose cells carry their column's name (data-label, admin.css).
  return (
    <tr>
      <th scope="row" className="admin-nowrap" data-label={t('admin.audit.time')}>
        {formatDate(entry.createdAt)}
      </th>
      <td className="admin-break" data-label={t('admin.audit.actorColumn')}>
        {entry.actor ? (
          <span title={entry.actor.id}>
            {entry.actor.name ?? entry.actor.email}
            {entry.actor.name ? <span className="audit-sub">{entry.actor.email}</span> : null}
          </span>
        ) : SYSTEM_ACTIONS.has(entry.action) ? (
          t('admin.audit.system')
        ) : (
          t('admin.audit.withdrawn')
        )}
      </td>
      <td data-label={t('admin.audit.action')}>{actionLabel}</td>
      <td className="admin-break" data-label={t('admin.audit.target')}>
        {targetType || entry.targetId ? (
          <>
            {targetType}
            {entry.targetId ? (
              <span className="audit-target" title={entry.targetId}>
                {' '}
                {entry.targetName ?? <span className="admin-mono">{entry.targetId}</span>}
              </span>
            ) : null}
          </>
        ) : (
          t('admin.none')
        )}
      </td>
      <td data-label={t('admin.audit.details')}>
        {entry.details ? <AuditDetails details={entry.details} /> : t('admin.none')}
      </td>
    </tr>
  );
}

/** Details as key: value lines; nested values as compact JSON. */
/** Keys and role values in the catalogue's words; anything unknown as recorded. */
function AuditDetails({ details }: { details: Record<string, unknown> }) {
  const { t, i18n } = useTranslation();
  const label = (key: string) => {
    const catalogueKey = `admin.audit.detailKeys.${key}`;
    return i18n.exists(catalogueKey) ? t(catalogueKey as 'admin.audit.detailKeys.from') : key;
  };
  // Recorded codes read in the catalogue's words, never as the raw value.
  const shown = (key: string, value: unknown): string => {
    if (key === 'reason' && typeof value === 'string' && i18n.exists(`reportReasons.${value}`)) {
      return t(`reportReasons.${value}` as 'reportReasons.other');
    }
    if (key === 'corrected' && Array.isArray(value)) {
      return value
        .map((field) =>
          i18n.exists(`register.${String(field)}`)
            ? t(`register.${String(field)}` as 'register.name')
            : String(field),
        )
        .join('、');
    }
    if (typeof value !== 'string') return JSON.stringify(value);
    return (ROLES as readonly string[]).includes(value) ? t(`admin.roles.${value as Role}`) : value;
  };
  return (
    <ul className="admin-details">
      {Object.entries(details).map(([key, value]) => (
        <li key={key}>
          <span className="admin-details-key">{label(key)}</span>:{' '}
          <span className="admin-mono">{shown(key, value)}</span>
        </li>
      ))}
    </ul>
  );
}
