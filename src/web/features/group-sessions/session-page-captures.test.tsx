import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { view as groupSessionView } from '../../test/group-session-data';
import { renderApp, signedInAs } from '../../test/render';

/** What the captures at 375 and 1280 px showed wrong on a 座談会's page (issue 58), held. */

const VIEW = groupSessionView();

describe('a 座談会’s page', () => {
  it('says its sign-up closing time is Japan time, as its start is', async () => {
    renderApp('/group-sessions/s1', (url) => {
      if (url.startsWith('/api/auth/session')) return signedInAs('student');
      return { status: 200, body: VIEW };
    });
    expect(await screen.findByText('申込締切（日本時間）')).toBeInTheDocument();
    expect(screen.getByText('2099年12月9日(水) 18:00')).toBeInTheDocument();
  });
});
