ALTER TABLE "mentors" ADD COLUMN "company_reading" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "name_reading" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "asks_name_reading" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 22: a person's フリガナ is katakana (hiragana typed is converted) and the OG search finds
-- alumni by it. Alumni's readings were kept in hiragana: the search text gains them as they are
-- (the search folds every query to hiragana), then they become katakana.
UPDATE mentors SET search_text = search_text || regexp_replace(name_reading, '\s', '', 'g')
  WHERE name_reading IS NOT NULL;
--> statement-breakpoint
UPDATE mentors SET name_reading = translate(name_reading,
  'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖ',
  'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶ')
  WHERE name_reading IS NOT NULL;
--> statement-breakpoint
-- Everyone whose profile has no reading is asked once, on the first page after signing in.
UPDATE users SET asks_name_reading = true
  WHERE id IN (SELECT user_id FROM students WHERE name_reading IS NULL
               UNION SELECT user_id FROM mentors WHERE name_reading IS NULL);
--> statement-breakpoint
-- The session answer now carries whether to ask (migration 0012's trigger, one column more).
DROP TRIGGER users_cache_events ON users;
--> statement-breakpoint
CREATE TRIGGER users_cache_events AFTER UPDATE ON users
  FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role
    OR OLD.suspended_at IS DISTINCT FROM NEW.suspended_at
    OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.email_verified IS DISTINCT FROM NEW.email_verified
    OR OLD.asks_name_reading IS DISTINCT FROM NEW.asks_name_reading)
  EXECUTE FUNCTION og_notify_cache('sessions,mentors');
