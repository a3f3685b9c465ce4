import type { ConsultationDesk, DeskAnswer } from '../../shared/schemas/desk';
import type { Answer } from './render';

/** What GET /api/desk answers in component tests: a desk as an admin set it, or none. */

export const INQUIRY_URL = 'https://forms.example.jp/og-connect';

export const DESK: ConsultationDesk = {
  name: 'キャリア支援室 OG訪問相談窓口',
  email: 'soudan@career.example.ac.jp',
  phone: '03-1234-5678',
  hours: '平日 10:00〜17:00',
  note: '学内のカウンセリングルームでも相談できます。',
};

export function deskAnswer(desk: ConsultationDesk | null = DESK): Answer {
  const body: DeskAnswer = { desk, inquiryUrl: INQUIRY_URL };
  return { status: 200, body };
}
