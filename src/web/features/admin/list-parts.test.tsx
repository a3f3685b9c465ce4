import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { AdminListPage, type ListShape } from './list-parts';
import { adminTextsReady } from './texts';

const LOADED: Parameters<typeof AdminListPage>[0]['list'] = {
  isPending: false,
  error: null,
  hasNextPage: true,
  isFetchingNextPage: false,
  fetchNextPage: () => undefined,
};

function renderList(shape: ListShape, count: number, list = LOADED) {
  render(
    <I18nextProvider i18n={i18n}>
      <AdminListPage
        title="一覧"
        lead="説明"
        filters={<p>絞り込み欄</p>}
        beforeList={<p>一覧の前</p>}
        afterList={<p>一覧の後</p>}
        list={list}
        count={count}
        empty="まだありません。"
        shape={shape}
      >
        {shape.kind === 'table' ? (
          <tr>
            <th scope="row">一行目</th>
            <td>値</td>
          </tr>
        ) : (
          <li>一件目</li>
        )}
      </AdminListPage>
    </I18nextProvider>,
  );
}

const TABLE: ListShape = {
  kind: 'table',
  captionId: 'list-caption',
  caption: '表の名前',
  columns: ['日時', '内容'],
};

describe('AdminListPage, the frame of the console lists', () => {
  beforeAll(() => adminTextsReady);

  it('puts the heading, the lead, the filters and the extras around a captioned table', async () => {
    renderList(TABLE, 1);
    expect(screen.getByRole('heading', { level: 1, name: '一覧' })).toBeInTheDocument();
    expect(document.title).toMatch(/^一覧 \| /);
    const texts = [...document.querySelectorAll('.stack > p')].map((p) => p.textContent);
    expect(texts).toEqual(['説明', '絞り込み欄', '一覧の前', '一覧の後']);
    const table = screen.getByRole('table', { name: '表の名前' });
    expect(table).toHaveClass('admin-table', 'stacked-table');
    expect(screen.getByRole('region', { name: '表の名前' })).toHaveAttribute('tabindex', '0');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['日時', '内容']);
    expect(screen.getByRole('status')).toHaveTextContent('1件を表示中');
    expect(screen.getByRole('button', { name: 'さらに読み込む' })).toBeEnabled();
  });

  it('lists cards under their own heading, and says when there is nothing', () => {
    renderList({ kind: 'cards', headingId: 'list-heading', heading: '件の一覧' }, 1);
    const section = screen.getByRole('region', { name: '件の一覧' });
    expect(within(section).getByRole('list')).toHaveClass('admin-list');
    expect(within(section).getByText('一件目')).toBeInTheDocument();
  });

  it('shows the empty text instead of an empty table', () => {
    renderList(TABLE, 0);
    expect(screen.getByText('まだありません。')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says why the list failed to load', () => {
    renderList(TABLE, 0, { ...LOADED, error: new Error('boom') });
    expect(screen.getByRole('alert')).toHaveTextContent('読み込みに失敗しました。');
  });
});
