import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EmployerRules } from '../../../shared/schemas/employer-rules';
import { DESK, deskAnswer } from '../../test/desk-data';
import { ONLINE_ONLY_RULES, employerRulesData } from '../../test/employer-rules-data';
import { renderRoutes } from '../../test/render';
import { visitRequestData } from '../../test/visit-data';
import { SafetyBox } from '../visits/visit-facts';
import { contactHref } from './contact';

const LABOUR_URL = 'https://www.mhlw.go.jp/general/seido/chihou/kaiketu/soudan.html';

function renderBox(employerRules: EmployerRules | null) {
  return renderRoutes(
    [{ path: '/', element: <SafetyBox request={visitRequestData({ employerRules })} /> }],
    '/',
    (url) => (url === '/api/desk' ? deskAnswer() : { status: 404, body: { code: 'not-found' } }),
  );
}

async function box() {
  return within(await screen.findByRole('region', { name: '困ったときは' }));
}

describe('「困ったときは」 names three desks (issue 54, point 9)', () => {
  it('the seminar’s, her employer’s with its phone as tel:, and the public 総合労働相談コーナー', async () => {
    renderBox(ONLINE_ONLY_RULES);
    const safety = await box();
    // The seminar's 相談窓口, as before.
    expect(await safety.findByText(DESK.name)).toBeVisible();
    // Her employer's desk: its name, and the number dialled.
    expect(safety.getByText('OGの勤務先の相談窓口')).toBeVisible();
    expect(safety.getByText(ONLINE_ONLY_RULES.deskName!)).toBeVisible();
    expect(safety.getByRole('link', { name: '03-9876-5432' })).toHaveAttribute(
      'href',
      'tel:0398765432',
    );
    // The public desk, opening the ministry's page in a new tab.
    const labour = safety.getByRole('link', { name: /総合労働相談コーナー/ });
    expect(labour).toHaveAttribute('href', LABOUR_URL);
    expect(labour).toHaveAttribute('target', '_blank');
    expect(labour).toHaveAttribute('rel', 'noopener noreferrer');
    // And the students' page of what to do.
    expect(
      safety.getByRole('link', { name: 'OG訪問の注意事項（困ったときにすること）' }),
    ).toHaveAttribute('href', '/visit-guidelines');
  });

  it('opens an employer’s desk given as a URL in a new tab', async () => {
    renderBox(employerRulesData({ deskName: '人事部', deskContact: 'https://example.co.jp/og' }));
    const link = (await box()).getByRole('link', { name: /https:\/\/example\.co\.jp\/og/ });
    expect(link).toHaveAttribute('href', 'https://example.co.jp/og');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('names no employer’s desk when she gave none, and still the public one', async () => {
    renderBox(employerRulesData({ onlineOnly: true }));
    const safety = await box();
    expect(await safety.findByText(DESK.name)).toBeVisible();
    expect(safety.queryByText('OGの勤務先の相談窓口')).toBeNull();
    expect(safety.getByRole('link', { name: /総合労働相談コーナー/ })).toBeVisible();
  });

  it('names no employer’s desk for a request without her rules (null)', async () => {
    renderBox(null);
    const safety = await box();
    expect(await safety.findByText(DESK.name)).toBeVisible();
    expect(safety.queryByText('OGの勤務先の相談窓口')).toBeNull();
  });

  it('shows a contact that is no address, number or web URL as text, never as a link', async () => {
    renderBox(employerRulesData({ deskName: '人事部', deskContact: 'javascript:alert(1)' }));
    const safety = await box();
    expect(await safety.findByText('javascript:alert(1)')).toBeVisible();
    expect(safety.queryByRole('link', { name: 'javascript:alert(1)' })).toBeNull();
  });
});

describe('contactHref', () => {
  it('links web URLs, addresses and phone numbers (full-width too), and nothing else', () => {
    expect(contactHref('https://example.co.jp/a b')).toBeNull();
    expect(contactHref('http://example.co.jp/')).toBe('http://example.co.jp/');
    expect(contactHref('jinji@example.co.jp')).toBe('mailto:jinji@example.co.jp');
    expect(contactHref('０３－１２３４－５６７８')).toBe('tel:0312345678');
    expect(contactHref('+81 3 1234 5678')).toBe('tel:+81312345678');
    expect(contactHref('javascript:alert(1)')).toBeNull();
    expect(contactHref('data:text/html,hi')).toBeNull();
    expect(contactHref('人事部に社内便で')).toBeNull();
  });
});
