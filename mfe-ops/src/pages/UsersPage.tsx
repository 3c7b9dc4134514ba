import { useState, type FormEvent, type JSX } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { OpsUserRow } from 'shared-kit';
import { Button, DataTable, TextField, type Column } from 'ui-kit';
import { under, useBase } from '../base';
import { useList } from '../frame/useList';
import { useOpsT } from '../i18n';
import { searchUsers } from '../services/sanction.service';
import { PageHeader } from '../components/PageHeader';

export { UserPage } from './UserPage';

/** Finds accounts by User ID, phone number or nickname; the search stays in the address (`?q=`). */
export function UsersPage(): JSX.Element {
  const { t } = useOpsT();
  const base = useBase();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const applied = params.get('q') ?? '';
  const [q, setQ] = useState(applied);
  const list = useList(
    () => (applied === '' ? Promise.resolve([]) : searchUsers(applied).then((d) => d.list)),
    applied,
  );

  function run(e: FormEvent): void {
    e.preventDefault();
    const query = q.trim();
    if (query === '') return;
    if (query === applied) list.reload();
    else setParams({ q: query });
  }

  const columns: Array<Column<OpsUserRow>> = [
    {
      key: 'nickname',
      header: t('users.nickname'),
      rowHeader: true,
      cell: (u) => <Link to={under(base, `users/${u.uid}`)}>{u.nickname}</Link>,
    },
    { key: 'id', header: t('users.id'), cell: (u) => u.username || u.uid },
    { key: 'phone', header: t('users.phone'), nowrap: true, cell: (u) => u.phone ?? '' },
    { key: 'standing', header: t('users.standing'), cell: (u) => t(`sanctions.status.${u.ban_status}`) },
  ];

  return (
    <div>
      <PageHeader title={t('users.title')}>
        <form role="search" aria-label={t('users.searchForm')} onSubmit={run}>
          <TextField
            label={t('users.search')}
            hint={t('users.searchHint')}
            type="search"
            value={q}
            maxLength={100}
            onChange={(e) => setQ(e.target.value)}
          />
          <Button type="submit" variant="primary" disabled={q.trim() === ''}>
            {t('users.find')}
          </Button>
        </form>
      </PageHeader>
      {applied !== '' && (
        <DataTable
          label={t('users.results')}
          columns={columns}
          rows={list.rows}
          rowKey={(u) => u.uid}
          status={list.status}
          onRetry={list.reload}
          errorText={t('common.error')}
          emptyTitle={t('users.none')}
          onOpen={(u) => navigate(under(base, `users/${u.uid}`))}
        />
      )}
    </div>
  );
}
