/**
 * The demo's shared 訪問記録 (docs/PRODUCT.md §7a): a few notes earlier students wrote after held
 * visits and their alumnae consented to, so that the search (/visit-notes), the alumnae's counts
 * and the console's 訪問記録 have something to show. Each comes with its held visit. The students
 * (student06, student08) are ones whose journeys never open their visits' list, count their bell
 * or open the withdrawal dialog (student11 would do, but shares her name with student03, the
 * journey's author); the alumnae (og16, og24, og27, og29, og32) are in no journey and publish
 * no 予約枠.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { mentors, users, visitNotes, visitRequests } from '../src/server/db/schema';
import { searchTextsOf } from '../src/server/visit-notes';
import type { Grade, JobType } from '../src/shared/constants';
import { studentNotYetAsking } from './demo-rows';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

interface DemoNote {
  /** The start of the student's address (its domain depends on the seeded universities). */
  student: string;
  mentor: string;
  /** The visit: this many days ago, at this hour (Japan time). */
  daysAgo: number;
  hour: number;
  inPerson: boolean;
  /** The alumna consented this many days ago. */
  sharedDaysAgo: number;
  showName: boolean;
  /** The job type as the student chose it (the alumna's, unless it reads better otherwise). */
  jobType: JobType;
  /** Her 学年 when she wrote it. */
  grade: Grade;
  qa: { question: string; answer: string }[];
  advice: string;
}

const DEMO_NOTES: DemoNote[] = [
  {
    student: 'student06@',
    mentor: 'og16@demo.example.jp',
    daysAgo: 40,
    hour: 18,
    inPerson: false,
    sharedDaysAgo: 33,
    showName: true,
    jobType: 'planning_marketing',
    grade: '2年',
    qa: [
      {
        question: '入社1年目はどんな仕事をしていますか。',
        answer:
          'プライベートブランド商品の企画チームで、売上データの集計と競合店の売り場調査を担当しているそうです。週に一度は店舗を回って、お客さまの反応を見ているとのことでした。',
      },
      {
        question: '小売・流通業界を選んだ理由は何ですか。',
        answer:
          '学生時代のアルバイトで、お客さまの声が商品の改良につながるのを見て、暮らしに近いところで企画の仕事がしたいと思ったそうです。',
      },
      {
        question: '面接で印象に残った質問はありますか。',
        answer:
          '「最近買ってよかったものと、それを買った売り場」を聞かれたそうです。普段から売り場を観察しておくと答えやすいとのことでした。',
      },
    ],
    advice:
      '説明会だけでなく、実際に店舗を何軒か回ってから面接に行くと話に具体性が出る、とアドバイスをもらいました。1年目からデータを任されると聞き、想像より若手の裁量が大きいと感じました。',
  },
  {
    student: 'student08@',
    mentor: 'og24@demo.example.jp',
    daysAgo: 95,
    hour: 19,
    inPerson: false,
    sharedDaysAgo: 86,
    showName: false,
    jobType: 'engineering',
    grade: '3年',
    qa: [
      {
        question: 'エンジニアとしてどんな仕事をしていますか。',
        answer:
          '自社の動画配信サービスの開発チームで、視聴データの基盤づくりを担当しているそうです。新作の配信日はアクセスが集中するので、事前の負荷試験が大事とのことでした。',
      },
      {
        question: '文系でもエンジニアとして入社できますか。',
        answer:
          '同期の3割ほどは文系出身だそうです。入社後に3か月の研修があり、学生のうちにプログラミングに少し触れておけば十分とのことでした。',
      },
      {
        question: '作品が好きという気持ちだけで志望してよいのでしょうか。',
        answer:
          '「好き」は入口として大切だけれど、面接では作品をどう届けるか、仕組みの側に興味があることを伝えたほうがよいと言われました。',
      },
      {
        question: '残業はどのくらいありますか。',
        answer: '月20時間前後で、配信前の週は増えるものの、そのあとに休みを取りやすいそうです。',
      },
    ],
    advice:
      'エンタメ業界でも技術職は採用の枠が別なので、募集要項を早めに確認すること。小さなものでも「自分で作って公開した」経験があると面接で話しやすい、とのことでした。',
  },
  {
    student: 'student08@',
    mentor: 'og32@demo.example.jp',
    daysAgo: 35,
    hour: 17,
    inPerson: true,
    sharedDaysAgo: 30,
    showName: true,
    jobType: 'sales',
    grade: '3年',
    qa: [
      {
        question: '地方銀行の法人営業はどんな仕事ですか。',
        answer:
          '地元の中小企業を1日に4〜5社訪問して、融資だけでなく事業承継や販路の相談にも乗っているそうです。',
      },
      {
        question: '資格の勉強は入社前にしておくべきですか。',
        answer:
          '入社後に証券外務員やFPを順番に取るので、入社前に無理をしなくてよいとのことでした。簿記3級は役に立つそうです。',
      },
      {
        question: '転勤はありますか。',
        answer: '県内の支店で3〜4年ごとに異動があるものの、県外への転勤はほとんどないそうです。',
      },
    ],
    advice:
      '「なぜメガバンクではなく地方銀行なのか」は必ず聞かれるので、地元のどんな企業を応援したいのかを自分の言葉で話せるようにしておくとよい、とアドバイスをもらいました。窓口のイメージしかなかったので、法人営業の話はとても新鮮でした。',
  },
  {
    student: 'student08@',
    mentor: 'og27@demo.example.jp',
    daysAgo: 290,
    hour: 16,
    inPerson: true,
    sharedDaysAgo: 281,
    showName: false,
    jobType: 'planning_marketing',
    grade: '2年',
    qa: [
      {
        question: 'BtoBのメーカーで、企画職はどんな仕事をしていますか。',
        answer:
          '工場向けの産業用ロボットの新製品企画を担当しているそうです。営業と一緒にお客さまの工場を見学して、困りごとを製品の仕様に落とし込むのが主な仕事とのことでした。',
      },
      {
        question: '理系でないと難しいですか。',
        answer:
          '企画職には文系出身も多いそうです。ただ技術者と話す機会が多いので、入社後に図面の読み方や機械の基礎知識を勉強したとのことでした。',
      },
      {
        question: '海外との関わりはありますか。',
        answer: '売上の半分以上が海外で、入社5年目に1年間、タイの工場に駐在したそうです。',
      },
    ],
    advice:
      'BtoBの会社は学生から見えにくいので、産業機械の展示会に行ってみると会社ごとの違いがよく分かると教わりました。インターンの締め切りが早いので、2年生のうちから情報を集めておこうと思います。',
  },
  {
    student: 'student06@',
    mentor: 'og29@demo.example.jp',
    daysAgo: 20,
    hour: 20,
    inPerson: false,
    sharedDaysAgo: 12,
    showName: false,
    jobType: 'creative',
    grade: '2年',
    qa: [
      {
        question: 'クリエイティブ職に就くまでの流れを教えてください。',
        answer:
          '入社後は全員が営業かプランナーとして配属され、社内のクリエイティブ試験に合格すると異動できるそうです。3年目で合格してコピーライターになったとのことでした。',
      },
      {
        question: '学生のうちにやっておくとよいことはありますか。',
        answer:
          '広告賞の学生部門に応募してみること。結果よりも、ひとつの課題に何案も出す練習になるそうです。',
      },
      {
        question: '働き方はどうですか。',
        answer:
          '締め切り前は忙しいけれど、在宅勤務も使えて、自分で時間を組み立てやすいとのことでした。',
      },
    ],
    advice:
      'ポートフォリオには完成品だけでなく、考えた過程（ボツ案も）を載せると面接で話が広がる、と教わりました。「好きな広告」を聞かれたら、なぜ好きなのかを言葉にできるようにしておきたいです。',
  },
];

/** `days` ago at `hour`:00 Japan time. */
function tokyoHourDaysAgo(now: number, days: number, hour: number): Date {
  const tokyoDay = new Date(now + 9 * HOUR_MS - days * DAY_MS).toISOString().slice(0, 10);
  return new Date(`${tokyoDay}T${String(hour).padStart(2, '0')}:00:00+09:00`);
}

/**
 * The held visits and their shared notes. Skipped when the student already asked that alumna
 * (the visit) or the visit has its note already: run twice, it adds nothing.
 */
export async function seedDemoNotes(db: Database) {
  const now = Date.now();
  for (const demo of DEMO_NOTES) {
    const [mentor] = await db
      .select({
        id: mentors.userId,
        company: mentors.company,
        companyReading: mentors.companyReading,
        industry: mentors.industry,
        joinedYear: mentors.joinedYear,
      })
      .from(mentors)
      .innerJoin(users, eq(users.id, mentors.userId))
      .where(eq(users.email, demo.mentor));
    const student = mentor && (await studentNotYetAsking(db, demo.student, mentor.id));
    if (!mentor || !student) continue;

    const meetingAt = tokyoHourDaysAgo(now, demo.daysAgo, demo.hour);
    const at = (days: number, hours = 0) =>
      new Date(meetingAt.getTime() + days * DAY_MS + hours * HOUR_MS);
    const [visit] = await db
      .insert(visitRequests)
      .values({
        studentId: student.id,
        mentorId: mentor.id,
        purpose: 'company_research',
        message: '御社のお仕事について、お話を伺えますと幸いです。',
        preferredSlots: [meetingAt],
        meetingFormat: demo.inPerson ? 'in_person' : 'online',
        placeKind: demo.inPerson ? 'public' : 'online',
        meetingPlace: demo.inPerson ? '駅近くのカフェ（店内の席）' : null,
        status: 'accepted',
        meetingAt,
        createdAt: at(-10),
        respondedAt: at(-9),
        studentRulesConfirmedAt: at(-10),
        mentorRulesConfirmedAt: at(-9),
        // Held, said safe and reminded long ago: no timer of the server picks it up.
        studentOutcome: 'held',
        mentorOutcome: 'held',
        ...(demo.inPerson ? { safeEndAskedAt: at(0, 3), safeEndConfirmedAt: at(0, 4) } : {}),
        noteRemindedAt: at(1),
        studentReadAt: at(0, 3),
        mentorReadAt: at(0, 4),
      })
      .returning({ id: visitRequests.id });

    const fixed = {
      company: mentor.company,
      companyReading: mentor.companyReading,
      industry: mentor.industry,
    };
    // She consented in an evening, a few days after it was offered.
    const sharedAt = tokyoHourDaysAgo(now, demo.sharedDaysAgo, 21);
    await db.insert(visitNotes).values({
      ...fixed,
      visitRequestId: visit!.id,
      authorId: student.id,
      mentorId: mentor.id,
      jobType: demo.jobType,
      mentorJoinedYear: mentor.joinedYear,
      authorGrade: demo.grade,
      visitedAt: meetingAt,
      qa: demo.qa,
      advice: demo.advice,
      sharing: 'shared',
      showName: demo.showName,
      offeredAt: new Date(sharedAt.getTime() - 2 * DAY_MS - 2 * HOUR_MS),
      sharedAt,
      ...searchTextsOf({ ...fixed, qa: demo.qa, advice: demo.advice }),
      createdAt: at(1),
      updatedAt: at(2),
    });
  }
}
