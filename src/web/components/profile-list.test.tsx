import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfileList, ProfileRow } from './profile-list';

describe('ProfileList', () => {
  it('gives each fact its label and value, in order, then the rows that follow', () => {
    const { container } = render(
      <ProfileList
        rows={[
          ['大学', '東京大学'],
          ['学年', <strong key="grade">3年</strong>],
        ]}
      >
        <ProfileRow label="相談できること">業界研究</ProfileRow>
      </ProfileList>,
    );
    const list = container.querySelector('dl');
    expect(list).toHaveClass('profile-list');
    expect(screen.getByText('3年').tagName).toBe('STRONG');
    const rows = [...list!.querySelectorAll(':scope > .profile-row')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(rows).toEqual([
      ['大学', '東京大学'],
      ['学年', '3年'],
      ['相談できること', '業界研究'],
    ]);
  });
});
