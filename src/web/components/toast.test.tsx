import { readFileSync } from 'node:fs';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { SUCCESS_TOAST_MS, ToastProvider, useToast } from './toast';

/** Stands for a page: one button per outcome it reports. */
function Actions() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('保存しました。')}>
        save
      </button>
      <button type="button" onClick={() => toast.error('保存に失敗しました。')}>
        fail
      </button>
    </>
  );
}

function renderToasts() {
  render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <Actions />
      </ToastProvider>
    </I18nextProvider>,
  );
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

afterEach(() => vi.useRealTimers());

describe('ToastProvider', () => {
  it('announces a success politely and lets it fade after its time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = renderToasts();
    await user.click(screen.getByRole('button', { name: 'save' }));
    const region = screen.getByText('保存しました。').closest('[aria-live]');
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => vi.advanceTimersByTime(SUCCESS_TOAST_MS - 100));
    expect(screen.getByText('保存しました。')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('保存しました。')).toBeNull();
  });

  it('keeps a failure in the assertive region until it is closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = renderToasts();
    await user.click(screen.getByRole('button', { name: 'fail' }));
    const region = screen.getByText('保存に失敗しました。').closest('[aria-live]');
    expect(region).toHaveAttribute('aria-live', 'assertive');
    act(() => vi.advanceTimersByTime(SUCCESS_TOAST_MS * 10));
    expect(screen.getByText('保存に失敗しました。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '通知を閉じる' }));
    expect(screen.queryByText('保存に失敗しました。')).toBeNull();
  });

  it('shows the same message once when it is raised twice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = renderToasts();
    await user.dblClick(screen.getByRole('button', { name: 'save' }));
    expect(screen.getAllByText('保存しました。')).toHaveLength(1);
  });

  it('comes down from the top on a phone, clear of the message box at the bottom (issue 34)', () => {
    // jsdom lays nothing out: the rule itself is what keeps a toast off a thread's composer.
    const css = readFileSync('src/web/styles.css', 'utf8');
    const region = /\n\.toast-region \{([^}]*)\}/.exec(css)![1]!;
    expect(region).toMatch(/\btop: calc\(var\(--header-height\)/);
    expect(region).not.toMatch(/\bbottom:/);
  });

  it('refuses to work without a provider, so a page cannot silently drop its outcome', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Actions />)).toThrow(/ToastProvider/);
  });
});
