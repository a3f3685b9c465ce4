import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { DESK, deskAnswer, INQUIRY_URL } from '../../test/desk-data';
import { renderApp, renderRoutes, signedOut, type Answer } from '../../test/render';
import { ConsultationDesk, type ConsultationDeskProps } from './consultation-desk';

function renderDesk(answer: Answer, props: ConsultationDeskProps = {}) {
  return renderRoutes([{ path: '/', element: <ConsultationDesk {...props} /> }], '/', (url) =>
    url === '/api/desk' ? answer : { status: 404, body: { code: 'not-found', message: '' } },
  );
}

describe('ConsultationDesk', () => {
  it('shows every detail of the desk an admin set, with the address and number as links', async () => {
    renderDesk(deskAnswer());
    expect(await screen.findByText('困ったときの相談窓口')).toBeVisible();
    expect(screen.getByText(DESK.name)).toBeVisible();
    expect(screen.getByRole('link', { name: DESK.email })).toHaveAttribute(
      'href',
      `mailto:${DESK.email}`,
    );
    expect(screen.getByRole('link', { name: DESK.phone })).toHaveAttribute(
      'href',
      'tel:0312345678',
    );
    expect(screen.getByText('受付時間').nextElementSibling).toHaveTextContent(DESK.hours);
    expect(screen.getByText(DESK.note)).toBeVisible();
    expect(
      screen.getByText('相談や通報をしたことが、相手の方に伝わることはありません。'),
    ).toBeVisible();
  });

  it('names the admins’ contact, the inquiry form, while no desk is set', async () => {
    renderDesk(deskAnswer(null));
    expect(await screen.findByText(/就活ゼミの運営者が相談を受け付けています。/)).toBeVisible();
    const link = screen.getByRole('link', { name: /お問い合わせフォーム/ });
    expect(link).toHaveAttribute('href', INQUIRY_URL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('in one line (compact): the name and the ways to reach it, or the inquiry form', async () => {
    renderDesk(deskAnswer(), { variant: 'compact' });
    const line = (await screen.findByText('困ったときの相談窓口')).closest('p')!;
    expect(line).toHaveTextContent(DESK.name);
    expect(within(line).getByRole('link', { name: /soudan@career/ })).toBeVisible();
    expect(within(line).getByRole('link', { name: /03-1234-5678/ })).toBeVisible();
    expect(line).toHaveTextContent('受付時間：平日 10:00〜17:00');
    expect(line).not.toHaveTextContent(DESK.note);
  });

  it('names the menu’s inquiries when the desk cannot be read', async () => {
    renderDesk({ status: 503, body: { code: 'unavailable', message: '' } }, { variant: 'compact' });
    expect(
      await screen.findByText('メニューの「お問い合わせ」から、就活ゼミの運営者にご相談ください。'),
    ).toBeVisible();
  });

  it('speaks English in English mode', async () => {
    await setLanguage('en');
    try {
      renderDesk(deskAnswer());
      expect(await screen.findByText('Consultation desk')).toBeVisible();
      expect(screen.getByText('Phone')).toBeVisible();
      expect(
        screen.getByText(
          'The other person is never told that you asked for help or made a report.',
        ),
      ).toBeVisible();
    } finally {
      await setLanguage('ja');
    }
  });
});

describe('the site footer', () => {
  it('names the desk on every page, to a visitor who is not signed in too (/login)', async () => {
    renderApp('/login', (url) => {
      if (url.startsWith('/api/auth/session')) return signedOut;
      if (url === '/api/desk') return deskAnswer();
      return { status: 404, body: { code: 'not-found', message: '' } };
    });
    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByText('困ったときの相談窓口')).toBeVisible();
    expect(within(footer).getByRole('link', { name: /soudan@career/ })).toHaveAttribute(
      'href',
      `mailto:${DESK.email}`,
    );
  });
});
